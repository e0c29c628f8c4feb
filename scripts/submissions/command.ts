/** Where a command writes its lines: stdout from the CLI, an array in the tests. */
export type Print = (text: string) => void;

/** A request the store cannot carry out (an unknown reference): one line, exit code 1. */
export class CommandError extends Error {}
