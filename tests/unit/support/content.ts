import type { CheckOptions, RawContent } from "../../../src/content/checkInput";
import { REQUIRED_PAGES } from "../../../src/node/contentChecks";
import { fileExistsFrom, readContent } from "../../../src/node/contentFiles";
import { routes } from "../../../src/routes";

/** The real content/ folder as the checks see it; each test changes a deep copy. */
export function realContent(): RawContent {
  const { raw, problems } = readContent();
  if (problems.length > 0) throw new Error(`content/ is unreadable: ${JSON.stringify(problems)}`);
  return structuredClone(raw);
}

/** The build's options on a fixed day, so the checks give the same answer whenever the tests run. */
export const realOptions: CheckOptions = {
  fileExists: fileExistsFrom,
  programRoutes: routes.filter((route) => route.programKey),
  requiredPages: REQUIRED_PAGES,
  pagePaths: routes.map((route) => route.path),
  today: "2026-11-24",
};

/** Narrowing helper: content JSON in tests is typed as unknown. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests reach deep into content they just built
export function json<T = Record<string, any>>(value: unknown): T {
  return value as T;
}
