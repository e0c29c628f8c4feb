/**
 * A privacy action that cannot be done as asked: its message is the sentence the CLI prints and the
 * console shows. "invalid": the action names something wrong (an unknown reference, an address that
 * does not match); "unconfirmed": the privacy request it acts for is not confirmed by its person yet.
 */
export class PrivacyError extends Error {
  constructor(
    message: string,
    readonly reason: "invalid" | "unconfirmed" = "invalid",
  ) {
    super(message);
    this.name = "PrivacyError";
  }
}

/** By name, as each Gatsby Function bundle has its own copy of the class (see isSlotTaken in intro/types.ts). */
export const isPrivacyError = (error: unknown): error is PrivacyError => error instanceof Error && error.name === "PrivacyError";
