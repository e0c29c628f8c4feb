import fs from "node:fs";
import path from "node:path";
import { contentDir } from "./contentFiles";

/**
 * The public origin: SITE_URL when set (staging, previews), else the url in content/site.json. There is
 * no other fallback, so no address here can disagree with the content. gatsby-config asks before the
 * content checks run, so an unusable site.json fails here with the same "file: field: reason" line.
 */
export function siteUrl(): string {
  const fromEnv = process.env.SITE_URL?.trim();
  if (fromEnv) return fromEnv.replace(/\/+$/, "");
  const file = path.join(contentDir(), "site.json");
  let site: { url?: unknown };
  try {
    site = JSON.parse(fs.readFileSync(file, "utf8")) as { url?: unknown };
  } catch (error) {
    throw new Error(`content/site.json: (file): cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
  if (typeof site.url !== "string" || !site.url.trim()) {
    throw new Error("content/site.json: url: is required (the site's public address, or set SITE_URL)");
  }
  return site.url.trim().replace(/\/+$/, "");
}
