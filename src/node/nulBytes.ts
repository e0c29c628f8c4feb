import fs from "node:fs";
import path from "node:path";

/** What the site publishes as text: pages, page data, calendars, the sitemap, feeds. */
const TEXT_FILES = /\.(html|json|ics|xml|txt|webmanifest)$/;

/**
 * The built text files that hold a NUL byte (U+0000), relative to `publicDir`. No page, data or calendar
 * file of the site should ever hold one; React 18's page stream once wrote them into built pages
 * (tests/unit/patches/react-dom.test.tsx), and HTML checkers and calendar parsers reject them.
 */
export function filesWithNulBytes(publicDir: string): string[] {
  return fs
    .readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && TEXT_FILES.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.readFileSync(file).includes(0))
    .map((file) => path.relative(publicDir, file))
    .sort();
}

/** The build's failure message when any built text file holds a NUL byte, naming each file. */
export function nulByteProblem(publicDir: string): string | undefined {
  const files = filesWithNulBytes(publicDir);
  if (files.length === 0) return undefined;
  return `Built files hold a NUL byte (U+0000), which no page, data or calendar file may:\n${files.map((file) => `  public/${file}`).join("\n")}`;
}
