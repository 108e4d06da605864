import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json";

countries.registerLocale(en);

/**
 * Countries by the names people use ("United States", "United Kingdom", "South Korea"), from the
 * Unicode CLDR data every browser and Node carry, for the ISO list of codes. The ISO "official"
 * names ("Korea, Republic of") are still understood when read, so events saved with them show
 * the common name too.
 */
const display = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
const nameOfCode = (code: string) => display.of(code) ?? countries.getName(code, "en") ?? code;
const codes = Object.keys(countries.getAlpha2Codes());
const codeOfName = new Map(codes.map((code) => [nameOfCode(code).toLowerCase(), code]));

/** The full world list, by common English name. */
export const countryNames: string[] = codes.map(nameOfCode).sort((a, b) => a.localeCompare(b));

/** A country as people name it, whichever form it was saved in; text that is no country stays as it is. */
const names = new Map<string, string>();

export function countryName(value: string | null | undefined): string | null {
  if (!value?.trim()) return value ?? null;
  let name = names.get(value);
  if (name === undefined) {
    // A look-up by code or other name scans the country list: answers are kept (a few hundred at most).
    const text = value.trim();
    const code = codeOfName.get(text.toLowerCase()) ?? countries.getAlpha2Code(text, "en");
    name = code ? nameOfCode(code) : text;
    if (names.size < 1000) names.set(value, name);
  }
  return name;
}

export const UNITED_STATES = nameOfCode("US");

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

/** Whether a country value means the United States, in any of its names. */
export const isUnitedStates = (country: string | null | undefined) => countryName(country) === UNITED_STATES;
