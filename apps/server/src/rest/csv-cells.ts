/**
 * A spreadsheet opens a cell that starts with = + - @ (or a tab or carriage return) as a formula;
 * members choose their own names, so such a cell is prefixed with an apostrophe (OWASP's advice).
 * A spreadsheet told to split on ";" (or ",", or tabs) ignores the quotes and makes each part
 * after a separator a cell of its own, so such a part gets the apostrophe too (spaces before the
 * formula included: some importers trim them). Every CSV the server writes passes its text through this.
 */
export const inert = (v: string) => v.replace(/(^|[,;\t])(?=[ ]*[=+\-@\t\r])/g, "$1'");
