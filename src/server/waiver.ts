import { createHash } from "node:crypto";
import type { Waiver } from "../content/schemas";

/** A waiver as published: `version` is the SHA-256 of `text` (waiverVersion). */
export interface WaiverText {
  version: string;
  text: string;
}

export interface StoredWaiver extends WaiverText {
  /** When a sign-up or drop-in first accepted this version. */
  firstAcceptedAt: Date;
}

/**
 * A waiver's version is the SHA-256 of its text, so two builds showing the same words agree, and any
 * change to the words (a comma included) is a new version. The text is normalized first (NFC, one
 * blank line between paragraphs) so an invisible difference in how a file was saved is not a new one.
 */
export function waiverText(waiver: Waiver): string {
  return waiver.paragraphs.map((paragraph) => paragraph.normalize("NFC").trim()).join("\n\n");
}

export function waiverVersion(waiver: Waiver): string {
  return createHash("sha256").update(waiverText(waiver), "utf8").digest("hex");
}

export function publishedWaiver(waiver: Waiver): WaiverText & { paragraphs: string[] } {
  return { version: waiverVersion(waiver), text: waiverText(waiver), paragraphs: waiver.paragraphs };
}
