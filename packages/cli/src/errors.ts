/** Failures other than usage mistakes: exit code 2 (usage mistakes exit 1). */
export class CommandFailed extends Error {}
