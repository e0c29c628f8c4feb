/**
 * Serves the built site: `npm run serve` (after `npm run build`), `npm start` (both).
 *
 *   PORT (9000) and HOST (localhost) choose where it listens; every form setting in the README applies.
 */
import fs from "node:fs";
import path from "node:path";
import { errorSummary } from "../src/server/log";
import { kickOutbox, startDailyPurge, stopBackgroundWork } from "../src/server/app/runtime";
import { createApp } from "./app";
import { serverConfig } from "../src/server/process/settings";

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
const stopPurge = startDailyPurge();

const server = createApp(root).listen(port, host, () => {
  console.log(`CrossFit Graham site on http://${host}:${port}`);
});
// A client reuses an idle kept-alive connection until its own timeout (Node's fetch: 4 s, nginx: 60 s).
// Node's default 5 s left a one-second margin that a busy machine's timers overrun: the server closed
// a connection as the client sent on it, and the request failed ("other side closed"). Longer than
// any of those, so the server never closes a connection a client still counts as open.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.on("error", (error) => {
  console.error(`Could not listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});

// A background task that fails (a timer inside a library, say) is logged; it must not take the
// forms down with it, as Node's default for an unhandled rejection would.
process.on("unhandledRejection", (reason) => console.error(`A background task failed: ${errorSummary(reason)}`));

/** How long a stop may take before the process exits anyway (systemd's default is 90 s). */
const STOP_LIMIT_MS = 10_000;

// On SIGTERM (systemd, a deploy): take no new requests, finish those in flight and the e-mail being
// sent, close the store, then exit. Whatever is not done by then waits in the database for the next start.
let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  // `on`, not `once`: a second signal (a process manager repeating itself) must not end the stop early.
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing the requests in flight and the e-mail being sent, then stopping`);
    setTimeout(() => {
      console.error(`Stopped after ${STOP_LIMIT_MS / 1000} s with work unfinished; it is retried at the next start`);
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
    stopPurge();
    const requestsDone = new Promise<void>((resolve) => server.close(() => resolve()));
    // A kept-alive connection is idle between requests; close each as soon as its last answer is out.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.closeIdleConnections();
    void stopBackgroundWork(requestsDone.then(() => clearInterval(idle))).then(() => {
      console.log("Stopped");
      process.exit(0);
    });
  });
}
