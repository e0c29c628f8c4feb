import type { BackendSettings } from "../cms/config";

const REPO = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

/**
 * Where the web editor commits on a real deployment, from the build's environment (docs/operations.md,
 * the web editor's sign-in). Without CMS_GITHUB_REPO the editor still works against the local backend (`npm run cms`);
 * the problem is one line in the build's output, never a failed build.
 */
export function cmsSettings(env: NodeJS.ProcessEnv = process.env): { settings: BackendSettings; problem?: string } {
  const repo = env.CMS_GITHUB_REPO?.trim() ?? "";
  const settings = { repo, branch: env.CMS_BRANCH?.trim() || "main", review: /^(1|true|yes)$/i.test(env.CMS_REVIEW?.trim() ?? "") };
  if (!repo) return { settings, problem: "CMS_GITHUB_REPO is not set: /admin/ can only be used with the local backend (npm run cms)." };
  if (!REPO.test(repo))
    return { settings, problem: `CMS_GITHUB_REPO must look like owner/name, not "${repo}": /admin/ cannot sign in to GitHub.` };
  return { settings };
}
