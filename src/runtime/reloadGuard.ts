/**
 * Prevents reload loops: after a reload made to recover (a new build, a chunk that failed to load),
 * no second one happens within ten seconds; the page then shows its static content instead. The
 * clock and storage are passed in so the rule can be tested with a fake clock.
 */
export const RELOAD_GUARD_KEY = "gym:last-recovery-reload";
export const RELOAD_GUARD_MS = 10_000;

export interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** True (and the reload is recorded) unless a recovery reload happened in the last ten seconds. */
export function claimReload(storage: GuardStorage | null, now: number): boolean {
  if (!storage) return true;
  let last = Number.NaN;
  try {
    last = Number(storage.getItem(RELOAD_GUARD_KEY));
  } catch {
    // Storage blocked: behave as if no reload happened, and record nothing.
    return true;
  }
  if (Number.isFinite(last) && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
  try {
    storage.setItem(RELOAD_GUARD_KEY, String(now));
  } catch {
    // Without storage the guard cannot remember; the reload still happens once.
  }
  return true;
}

/** sessionStorage, or null where a browser setting blocks it. */
export function sessionStore(): GuardStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
