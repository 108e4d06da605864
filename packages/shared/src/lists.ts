// Sizes of the lists' pages, apart from their schemas: the web app's route definitions (in the first
// script every page loads) use them without loading zod.

/** The most events one page of `events.list` carries (and the default, without `limit`). */
export const EVENTS_PAGE_MAX = 200;
export const EVENTS_PAGE_DEFAULT = EVENTS_PAGE_MAX;
