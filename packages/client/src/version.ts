/**
 * This client's version, and the API version it speaks: the part of the version a breaking change
 * raises (the major number, or 0.minor while it is 0.x). It works with every server that answers
 * the same `apiVersion` at `GET /api/version`. A test keeps both equal to package.json's version
 * and the server's.
 */
export const CLIENT_VERSION = "0.1.0";
export const API_VERSION = "0.1";
