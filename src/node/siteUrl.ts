import fs from "node:fs";
import path from "node:path";
import { contentDir } from "./contentFiles";

/** The public origin: SITE_URL when set (staging, previews), else the url in content/site.json. */
export function siteUrl(): string {
  const fromEnv = process.env.SITE_URL?.trim();
  if (fromEnv) return fromEnv.replace(/\/+$/, "");
  try {
    const site = JSON.parse(fs.readFileSync(path.join(contentDir(), "site.json"), "utf8")) as { url?: unknown };
    if (typeof site.url === "string" && site.url) return site.url.replace(/\/+$/, "");
  } catch {
    // The content checks report an unreadable site.json with its file name; the build fails there.
  }
  return "https://www.crossfitgraham.com";
}
