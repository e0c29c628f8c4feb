import { z } from "zod";
import { mustBeTrue } from "./fields";

export const WAIVER_CHANGED =
  "The waiver was updated after this page opened. Reload the page and read the new waiver before sending the form";

/**
 * The fields of every form a visitor signs the waiver on. The version is checked by `waiverIssue`, so a
 * wrong or missing one is shown on the waiver's own checkbox.
 */
export const waiverFields = {
  waiverAccepted: mustBeTrue("Read and accept the waiver to continue"),
  waiverVersion: z.unknown(),
};

/** The issue to add when the browser showed another waiver than this build's (its hash, `waiverVersion`). */
export function waiverIssue(data: { waiverVersion?: unknown }, waiverVersion: string): { path: [string]; message: string } | null {
  return data.waiverVersion === waiverVersion ? null : { path: ["waiverAccepted"], message: WAIVER_CHANGED };
}
