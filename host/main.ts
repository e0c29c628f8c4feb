/**
 * Serves the built site: `npm run serve` (after `npm run build`), `npm start` (both).
 *
 *   PORT (9000) and HOST (localhost) choose where it listens; every form setting in the README applies.
 */
import fs from "node:fs";
import path from "node:path";
import { errorSummary } from "../src/server/log";
import { kickOutbox, serverConfig, startDailyPurge } from "../src/server/runtime";
import { createApp } from "./app";

const root = process.cwd();
if (!fs.existsSync(path.join(root, "public", "index.html")) || !fs.existsSync(path.join(root, ".cache", "functions", "manifest.json"))) {
  console.error("No build found here: run `npm run build` first (or `npm start`, which builds and serves).");
  process.exit(1);
}

const port = Number(process.env.PORT || 9000);
const host = process.env.HOST || "localhost";
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}"`);
  process.exit(1);
}

// Wrong settings are logged now, one line each, rather than at the first visitor's form; mail left in
// the outbox by an earlier run is sent without waiting for a new submission. Submissions past their
// retention are deleted by this process itself, daily, so no cron job has to be remembered.
serverConfig();
kickOutbox();
startDailyPurge();

const server = createApp(root).listen(port, host, () => {
  console.log(`CrossFit Graham site on http://${host}:${port}`);
});
server.on("error", (error) => {
  console.error(`Could not listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});

// A background task that fails (the rate limiter's hourly clean-up, say) is logged; it must not take the
// forms down with it, as Node's default for an unhandled rejection would.
process.on("unhandledRejection", (reason) => console.error(`A background task failed: ${errorSummary(reason)}`));

// On SIGTERM (systemd, a deploy) finish the requests in flight, then stop.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
