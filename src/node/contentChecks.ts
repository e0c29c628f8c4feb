import { checkContent, formatContentError, type ValidContent } from "../content/rules";
import { routes } from "../routes";
import { buildNow } from "./buildClock";
import { contentDir, fileExistsFrom, readContent } from "./contentFiles";

/** Markdown pages the templates read by name, and every document route's page. */
export const REQUIRED_PAGES: readonly string[] = [
  "home",
  "about",
  "policies",
  ...routes.flatMap((route) => (route.pageKey ? [route.pageKey] : [])),
];

/**
 * Reads and checks every content file. Returns the validated content, or the list of problems as
 * one line each ("content/schedule.json: slots[3].end: 09:00 must be later than start 10:00"). The
 * tests check a scratch copy (the web editor's, for one) the same way.
 */
export function loadCheckedContent(dir = contentDir()): { content?: ValidContent; lines: string[] } {
  const { raw, problems } = readContent(dir);
  const unreadable = new Set(problems.map((problem) => problem.file));
  const { errors, content } = checkContent(raw, {
    fileExists: fileExistsFrom,
    programRoutes: routes.filter((route) => route.programKey),
    requiredPages: REQUIRED_PAGES,
    pagePaths: routes.map((route) => route.path),
    now: buildNow(),
  });
  const lines = [
    ...problems.map((problem) => `${problem.file}: ${problem.message}`),
    ...errors.filter((error) => !unreadable.has(error.file)).map(formatContentError),
  ];
  return { content: lines.length === 0 ? content : undefined, lines };
}
