import fs from "node:fs";
import path from "node:path";

/** robots.txt allows everything but the staff console, and points at the sitemap on the configured origin. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: /staff/\nAllow: /\n\nSitemap: ${origin}/sitemap-index.xml\n`;
}

export function writeRobots(publicDir: string, origin: string): void {
  fs.writeFileSync(path.join(publicDir, "robots.txt"), robotsTxt(origin));
}
