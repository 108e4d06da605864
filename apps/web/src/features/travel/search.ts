import { matching, searchParams, text, wholeFrom } from "../../lib/search-params";

const day = matching(/^\d{4}-\d{2}-\d{2}$/);

/** Travel's search in the address: the dates, guests and place (a home's page keeps the dates). */
export const travelSearch = searchParams({ arrive: day, depart: day, guests: wholeFrom(1), place: text(100) });
export type TravelSearch = ReturnType<typeof travelSearch>;
