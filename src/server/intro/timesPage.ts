import { KEPT_PAGE_MS, keptPage, pageChanged } from "../process/keptPage";

/**
 * The open times' page for a visitor without JavaScript (GET /api/intro), kept briefly as every booking
 * form's page is (process/keptPage.ts says why and for how long).
 */
export const TIMES_PAGE_MS = KEPT_PAGE_MS;

/** The open times changed in this process: the next request makes the page anew. */
export function openTimesChanged(): void {
  pageChanged("intro");
}

/** The page `make` gives, kept for TIMES_PAGE_MS. */
export function openTimesPage(make: () => Promise<string>, now = performance.now()): Promise<string> {
  return keptPage("intro", make, now);
}
