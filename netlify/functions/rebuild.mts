/**
 * Asks Netlify for a fresh build once a day, just after midnight at the gym, through the site's build
 * hook (BUILD_HOOK_URL). Pages worked out at build time move on with the day even when nobody commits:
 * the day's workout gets its own page (/wod/YYYY-MM-DD/) and the workout list its next day, expired
 * announcements leave the lists. Without the setting it logs one line and does nothing.
 */
export default async function rebuild(): Promise<Response> {
  const hook = process.env.BUILD_HOOK_URL?.trim();
  if (!hook) {
    console.warn("rebuild: BUILD_HOOK_URL is not set, so the site is not rebuilt daily (docs/operations.md#the-daily-build)");
    return new Response(null, { status: 204 });
  }
  const answer = await fetch(hook, { method: "POST" }).catch((error: unknown) => error as Error);
  if (answer instanceof Error) console.error(`rebuild: the build hook could not be reached (${answer.message})`);
  else if (!answer.ok) console.error(`rebuild: the build hook answered ${answer.status}`);
  return new Response(null, { status: 204 });
}

/** Netlify's scheduled-function setting (cron syntax, UTC): 08:15 UTC is 00:15 in Graham in winter, 01:15 in summer. */
export const config = { schedule: "15 8 * * *" };
