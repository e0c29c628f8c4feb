/**
 * On Netlify a function may be frozen as soon as its answer is out, so the e-mail a form queued can
 * wait for the next visitor. This scheduled function sends what is due every five minutes instead
 * (the production server does the same with its own timer, host/main.ts). Netlify finds it here, in
 * its default functions folder, beside the functions gatsby-adapter-netlify writes.
 */
import { deliverNow } from "../../src/server/app/runtime";

export default async function outbox(): Promise<Response> {
  await deliverNow();
  return new Response(null, { status: 204 });
}

/** Netlify's scheduled-function setting (cron syntax, UTC). */
export const config = { schedule: "*/5 * * * *" };
