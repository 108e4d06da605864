import gatheringArt from "../../assets/art/gathering.svg";
import showcaseArt from "../../assets/art/showcase.svg";
import travelArt from "../../assets/art/travel.svg";

/** The club's three pillars (SPEC.md section 1). */
export const pillars = [
  {
    key: "travel",
    title: "Travel",
    subtitle: "Private homes, among members",
    image: travelArt,
    imageAlt: "A small house on green hills under a warm sun",
    items: [
      "Discounted stays in members' private vacation homes",
      "An in-network collection of houses, cottages and apartments",
      "Hosted weekends and small-group retreats",
      "Introductions to hosts who know their region well",
    ],
  },
  {
    key: "gathering",
    title: "Gathering",
    subtitle: "Time to make and to learn",
    image: gatheringArt,
    imageAlt: "Two cups of tea on a table between soft shapes of colour",
    items: [
      "Art and writing circles",
      "Media and performance workshops",
      "Gardening mornings",
      "Tea culture afternoons",
      "Meditation",
    ],
  },
  {
    key: "showcase",
    title: "Showcase",
    subtitle: "A stage for what you create",
    image: showcaseArt,
    imageAlt: "Framed paintings on a gallery wall",
    items: ["Exhibitions of members' work", "Film screenings", "Readings", "Tastings"],
  },
] as const;

/** The membership tiers as the marketing copy describes them. */
export const tiers = [
  {
    key: "flying",
    title: "Flying Member",
    tagline: "For members who travel with us and lend a hand",
    benefits: [
      "Annual fee",
      "Six-month minimum membership",
      "Volunteering at club events",
      "Deep discount on vacation housing",
    ],
  },
  {
    key: "executive",
    title: "Executive Member",
    tagline: "For members who shape the club",
    benefits: [
      "Serves on committees",
      "Hosts gatherings",
      "Six-month minimum membership",
      "80% discount on vacation housing",
    ],
  },
  {
    key: "hosting",
    title: "Hosting Member",
    tagline: "For members who open their home to the club",
    benefits: [
      "Hosts a vacation house for members",
      "At least one month of hosting a year",
      "Six-month minimum membership",
      "Free vacation housing",
    ],
  },
] as const;

export const about = {
  why: [
    "Women who lead carry a great deal. The club exists to give you time for yourself.",
    "To nurture the talents you have outside work: the painting, the writing, the garden, the music.",
    "To offer a community of like-minded women who understand your pace and your responsibilities.",
    "To give you a platform to showcase what you create.",
  ],
  what: [
    "Gatherings: art, writing, media, performance, gardening, tea culture and meditation.",
    "Showcases: exhibitions, screenings, readings and tastings of members' work.",
    "Travel: discounted stays in members' private vacation homes.",
    "Membership by invitation only, reviewed personally by our committee.",
  ],
  whatNot: [
    "Not a place for work issues: leave the office at the door.",
    "Not for job searches, recruiting or selling to one another.",
    "Not a mentoring programme.",
    "Not for parenting talk: this time is yours.",
  ],
};
