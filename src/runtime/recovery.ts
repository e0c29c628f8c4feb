import { startBuildCheck } from "./buildCheck";
import { isChunkLoadFailure } from "./chunkErrors";
import { claimReload, sessionStore } from "./reloadGuard";

/**
 * Keeps long-open tabs working across deploys (wired up in gatsby-browser):
 * - when a newer build is deployed, the next navigation is a full page load at its target, so the
 *   visitor lands on the new build exactly where they were going;
 * - when code fails to download, the page reloads at the target instead of showing an error;
 * - a reload guard stops either from looping.
 *
 * Gatsby's own loader keeps prefetching to four requests at a time and skips it for bots and slow or
 * data-saving connections; nothing here changes that.
 */
type GatsbyWindow = Window & { ___webpackCompilationHash?: string; ___swUpdated?: boolean };

let newBuild = false;
let target: string | null = null;

export function fullLoad(to: string): boolean {
  if (!claimReload(sessionStore(), Date.now())) {
    console.warn(`Not reloading ${to} again so soon; showing the page as it is.`);
    return false;
  }
  window.location.assign(to);
  return true;
}

export function startRecovery(): void {
  const win = window as GatsbyWindow;
  startBuildCheck({
    runningHash: () => win.___webpackCompilationHash,
    onNewBuild: () => {
      newBuild = true;
      // Gatsby's navigate() does a full load of the target when this is set (it is meant for service
      // worker updates, which is exactly this situation).
      win.___swUpdated = true;
    },
  });
  const onFailure = (error: unknown) => {
    if (!isChunkLoadFailure(error)) return;
    fullLoad(target ?? `${window.location.pathname}${window.location.search}${window.location.hash}`);
  };
  window.addEventListener("error", (event) => onFailure(event.error ?? event.message));
  window.addEventListener("unhandledrejection", (event) => onFailure(event.reason));
}

/** Called before every route change (including back and forward). */
export function beforeRouteChange(location: { pathname: string; search: string; hash: string }, isInitial: boolean): void {
  const to = `${location.pathname}${location.search}${location.hash}`;
  target = to;
  if (newBuild && !isInitial) fullLoad(to);
}

/** Gatsby reloads at the target itself when a page's resources fail; record it so it cannot loop. */
export function watchPageLoads(loader: { loadPage(path: string): Promise<unknown> } | undefined): void {
  if (!loader) return;
  const original = loader.loadPage.bind(loader);
  loader.loadPage = async (path: string) => {
    const result = (await original(path)) as { status?: string } | null;
    if (!result || result.status === "error") {
      if (!claimReload(sessionStore(), Date.now())) {
        console.warn(`Resources for ${path} failed again; staying on this page.`);
        // A promise that never settles leaves the visitor on the current page instead of reloading again.
        return new Promise(() => undefined);
      }
    }
    return result;
  };
}
