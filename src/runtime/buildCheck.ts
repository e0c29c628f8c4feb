/**
 * Asks the server which build it has deployed (`/page-data/app-data.json`, never from a cache) and
 * reports when it differs from the build this page runs. A failed check is logged and ignored.
 */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;

export async function deployedHash(fetchImpl: typeof fetch, now: number): Promise<string | null> {
  try {
    const response = await fetchImpl(`/page-data/app-data.json?t=${now}`, { cache: "no-store" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const data = (await response.json()) as { webpackCompilationHash?: unknown };
    return typeof data.webpackCompilationHash === "string" ? data.webpackCompilationHash : null;
  } catch (error) {
    console.warn("Could not check for a new version of the site", error);
    return null;
  }
}

export interface BuildCheckOptions {
  runningHash: () => string | undefined;
  onNewBuild: () => void;
  fetchImpl?: typeof fetch;
  intervalMs?: number;
}

/** Checks every five minutes and whenever the tab becomes visible again; returns a stop function. */
export function startBuildCheck({
  runningHash,
  onNewBuild,
  fetchImpl = fetch,
  intervalMs = BUILD_CHECK_INTERVAL_MS,
}: BuildCheckOptions): () => void {
  let found = false;
  const check = async () => {
    const running = runningHash();
    if (found || !running) return;
    const deployed = await deployedHash(fetchImpl, Date.now());
    if (deployed && deployed !== running) {
      found = true;
      onNewBuild();
    }
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") void check();
  };
  const timer = window.setInterval(() => void check(), intervalMs);
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisible);
  };
}
