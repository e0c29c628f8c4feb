/**
 * A privacy action that cannot be done as asked (an unknown reference, an address that does not match):
 * its message is the sentence the CLI prints and the console shows.
 */
export class PrivacyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PrivacyError";
  }
}

/** By name, as each Gatsby Function bundle has its own copy of the class (see isSlotTaken in store/types.ts). */
export const isPrivacyError = (error: unknown): error is PrivacyError => error instanceof Error && error.name === "PrivacyError";
