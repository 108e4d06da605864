import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json";

countries.registerLocale(en);

/** The full world list, by English name. */
export const countryNames: string[] = Object.values(countries.getNames("en", { select: "official" })).sort((a, b) =>
  a.localeCompare(b),
);

export const UNITED_STATES = countries.getName("US", "en", { select: "official" }) ?? "United States of America";

/** The 50 states: a fixed list, offered when the country is the United States. */
export const usStates = [
  "Alabama",
  "Alaska",
  "Arizona",
  "Arkansas",
  "California",
  "Colorado",
  "Connecticut",
  "Delaware",
  "Florida",
  "Georgia",
  "Hawaii",
  "Idaho",
  "Illinois",
  "Indiana",
  "Iowa",
  "Kansas",
  "Kentucky",
  "Louisiana",
  "Maine",
  "Maryland",
  "Massachusetts",
  "Michigan",
  "Minnesota",
  "Mississippi",
  "Missouri",
  "Montana",
  "Nebraska",
  "Nevada",
  "New Hampshire",
  "New Jersey",
  "New Mexico",
  "New York",
  "North Carolina",
  "North Dakota",
  "Ohio",
  "Oklahoma",
  "Oregon",
  "Pennsylvania",
  "Rhode Island",
  "South Carolina",
  "South Dakota",
  "Tennessee",
  "Texas",
  "Utah",
  "Vermont",
  "Virginia",
  "Washington",
  "West Virginia",
  "Wisconsin",
  "Wyoming",
] as const;

/** Whether a country value means the United States (the seed and older events say "United States"). */
export const isUnitedStates = (country: string | null | undefined) =>
  !!country && ["united states", "united states of america", "usa", "us"].includes(country.trim().toLowerCase());
