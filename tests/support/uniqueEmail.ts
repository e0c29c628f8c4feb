import { randomBytes } from "node:crypto";

/**
 * An address no other test writes, even one running in another worker in the same millisecond
 * (two workers once both made `quick-<ms>@` and `noscript-quick-<ms>@`, and a search for the first
 * found the second). `local` may end in "+" or "." to join the random part the way a person would.
 */
export const uniqueEmail = (local: string) => `${local}${randomBytes(6).toString("hex")}@example.com`;
