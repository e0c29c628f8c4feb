/** State names for the two-letter codes site.json's address uses. Pure. */

/** The gym is in Washington; add a state here before site.json may use its code. */
export const REGION_NAMES: Readonly<Record<string, string>> = { WA: "Washington" };

/** "WA" -> "Washington"; a code without a name is shown as it is rather than dropped. */
export function regionName(code: string): string {
  return REGION_NAMES[code] ?? code;
}
