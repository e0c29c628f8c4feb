/** Where a command writes its lines: stdout from the CLI, an array in the tests. */
export type Print = (text: string) => void;

/** Asks the person at the terminal a question and gives back what they typed. */
export type Ask = (question: string) => Promise<string>;

/** A request the store cannot carry out (an unknown reference): one line, exit code 1. */
export class CommandError extends Error {}

/** The command line itself is wrong (an unknown option, a bad value, a missing one): one line, exit code 2. */
export class UsageError extends Error {}
