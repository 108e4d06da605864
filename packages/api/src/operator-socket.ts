/**
 * Where a server on the embedded database answers the operator, `club` on the same machine (see
 * OPERATOR in the access module): the server listens there, the command line connects.
 */
export const operatorSocketPath = (dataDir: string) => `${dataDir}/club.sock`;
