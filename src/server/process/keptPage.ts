import { processState } from "./state";

/**
 * A booking form's page for a visitor without JavaScript, with the open times (or seats) from the store
 * in it (GET /api/intro, GET /api/kids-trial), kept a few seconds once made. Making one reads the store
 * and rewrites the built page (about 10 ms of CPU), and the address is open to anyone without a limit:
 * kept, a flood of it costs what a static page does. A change made in this process (a booking, a
 * cancellation, a move) drops the form's page at once; one made by another process sharing the store
 * (a second server, the CLI) shows here within this time. A choice shown after it was taken is refused
 * with a 409 whose page reads the store anew (forms/handler.ts).
 */
export const KEPT_PAGE_MS = 5_000;

/** What is open for `name`'s form changed in this process: the next request makes its page anew. */
export function pageChanged(name: string): void {
  const versions = (processState().keptPageVersions ??= new Map());
  versions.set(name, (versions.get(name) ?? 0) + 1);
}

/**
 * `name`'s page as `make` gives it, kept for KEPT_PAGE_MS (on processState: `gatsby serve` loads a
 * function's module afresh for each request). Requests that come while it is being made wait for the
 * same one; a failure is not kept, so the next request tries again.
 */
export function keptPage(name: string, make: () => Promise<string>, now = performance.now()): Promise<string> {
  const state = processState();
  const pages = (state.keptPages ??= new Map());
  const version = state.keptPageVersions?.get(name) ?? 0;
  const kept = pages.get(name);
  if (kept && kept.version === version && now < kept.until) return kept.page;
  const page = make();
  const entry = { version, until: now + KEPT_PAGE_MS, page };
  pages.set(name, entry);
  page.catch(() => {
    if (pages.get(name) === entry) pages.delete(name);
  });
  return page;
}
