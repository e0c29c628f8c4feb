/**
 * Deletes what is past its retention (content/privacy.json) once a day on Netlify, where no process
 * lives long enough to run the production server's daily timer (host/main.ts), and the rate-limit counts
 * that have expired, which the server's own sweep (src/server/http/rateLimit.ts) would delete every few minutes.
 */
import { sweepOnce } from "../../src/server/http/rateLimit";
import { getLimits, purgeNow } from "../../src/server/app/runtime";

export default async function purge(): Promise<Response> {
  await purgeNow();
  await getLimits().then(sweepOnce, () => undefined); // the purge has just logged a store that cannot open
  return new Response(null, { status: 204 });
}

/** Netlify's scheduled-function setting (cron syntax, UTC): 10:30 UTC is early morning at the gym. */
export const config = { schedule: "30 10 * * *" };
