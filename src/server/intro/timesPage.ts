import { processState } from "../process/state";

/**
 * How long the open times' page for a visitor without JavaScript (GET /api/intro) is kept once made.
 * Making it reads the bookings and rewrites the built page (about 10 ms of CPU), and the address is
 * open to anyone without a limit: kept, a flood of it costs what a static page does. A booking, a
 * cancellation or a move made in this process drops it at once; one made by another process sharing the
 * store (a second server, the CLI) shows here within this time. A time shown after it was taken is
 * refused with a 409 whose page reads the times anew (form.ts, forms/handler.ts).
 */
export const TIMES_PAGE_MS = 5_000;

/** The open times changed in this process: the next request makes the page anew. */
export function openTimesChanged(): void {
  const state = processState();
  state.openTimesVersion = (state.openTimesVersion ?? 0) + 1;
}

/**
 * The page `make` gives, kept for TIMES_PAGE_MS (on processState: `gatsby serve` loads a function's
 * module afresh for each request). Requests that come while it is being made wait for the same one; a
 * failure is not kept, so the next request tries again.
 */
export function openTimesPage(make: () => Promise<string>, now = performance.now()): Promise<string> {
  const state = processState();
  const version = state.openTimesVersion ?? 0;
  const kept = state.openTimesPage;
  if (kept && kept.version === version && now < kept.until) return kept.page;
  const page = make();
  const entry = { version, until: now + TIMES_PAGE_MS, page };
  state.openTimesPage = entry;
  page.catch(() => {
    if (state.openTimesPage === entry) state.openTimesPage = undefined;
  });
  return page;
}
