import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { startTestSmtp, type TestSmtp } from "../../support/smtp";
import { TSX_NODE } from "../../support/tsxNode";
import { contactSubmission } from "../../support/submissions";
import { signatureValid, startWebhookReceiver } from "../../support/webhookReceiver";
import { openSqliteStore } from "../../../src/server/app/store";

/**
 * Netlify's scheduled functions (netlify/functions/), run as Netlify runs them: their module loaded in
 * a process of its own, the default export called once, against a real database file and a real
 * SMTP server on loopback. What they must do is what the production server's timers do.
 */
// Each test starts a tsx process: seconds on a busy two-core machine, more than Jest's default 5 s.
const CHILD_PROCESS_MS = 30_000;

// Not execFileSync: the SMTP server answering the function runs in this process.
async function invoke(file: string, env: Record<string, string>): Promise<void> {
  const script = `import(${JSON.stringify(path.resolve(file))}).then(async (m) => {
    const answer = await m.default(new Request("http://localhost/"));
    if (!(answer instanceof Response) || answer.status !== 204) throw new Error("unexpected answer");
    if (typeof m.config?.schedule !== "string") throw new Error("no schedule");
    process.exit(0);
  })`;
  const [node, ...flags] = TSX_NODE;
  await promisify(execFile)(node, [...flags, "-e", script], { env: { ...process.env, ...env } });
}

describe("Netlify scheduled functions", () => {
  let dir: string;
  let smtp: TestSmtp;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-scheduled-"));
    smtp = await startTestSmtp();
  });
  afterEach(async () => {
    await smtp.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test(
    "outbox sends what is due and returns only when it is sent",
    async () => {
      const store = openSqliteStore(path.join(dir, "submissions.sqlite"));
      await store.insert({
        id: "C-NETLIFY01",
        form: "contact",
        // Fixed, and well before any day this runs: the function's process reads its own clock.
        createdAt: new Date("2026-01-01T00:00:00Z"),
        payload: { name: "Ana Ruiz", email: "ana@example.com", interest: "kids", message: "Hello" },
        spam: null,
        notify: true,
      });
      await invoke("netlify/functions/outbox.mts", { DATA_DIR: dir, SMTP_URL: smtp.url, STAFF_EMAIL: "coaches@gym.example" });
      expect(smtp.received.map((mail) => mail.header("Subject"))).toEqual([expect.stringContaining("[C-NETLIFY01]")]);
      expect((await store.outbox()).map((m) => m.status)).toEqual(["sent"]);
      await store.close();
    },
    CHILD_PROCESS_MS,
  );

  test(
    "outbox posts the lead webhook too, signed, with no mail server set up",
    async () => {
      const receiver = await startWebhookReceiver();
      try {
        const store = openSqliteStore(path.join(dir, "submissions.sqlite"));
        await store.insert(contactSubmission("C-NETLIFY02", { webhook: true, createdAt: new Date("2026-01-01T00:00:00Z") }));
        await store.close();
        const secret = "whsec_netlify_0123456789abcdef0123456789";
        await invoke("netlify/functions/outbox.mts", {
          DATA_DIR: dir,
          SMTP_URL: "",
          STAFF_EMAIL: "",
          LEAD_WEBHOOK_URL: receiver.url,
          LEAD_WEBHOOK_SECRET: secret,
        });
        // Sent before the function answered: Netlify may freeze it as soon as it has.
        expect(receiver.received).toHaveLength(1);
        const [request] = receiver.received;
        expect(signatureValid(secret, request!.headers["x-signature"] as string, request!.body, new Date(), 600)).toBe(true);
        expect(JSON.parse(request!.body)).toMatchObject({ event: "lead.created", lead: { reference: "C-NETLIFY02", form: "contact" } });
        const after = openSqliteStore(path.join(dir, "submissions.sqlite"));
        expect((await after.outbox()).map((m) => [m.kind, m.status])).toEqual([
          ["staff", "pending"],
          ["webhook", "sent"],
        ]);
        await after.close();
      } finally {
        await receiver.stop();
      }
    },
    CHILD_PROCESS_MS,
  );

  test(
    "purge deletes what is past its retention, and expired rate-limit counts",
    async () => {
      const store = openSqliteStore(path.join(dir, "submissions.sqlite"));
      await store.insert({
        id: "X-OLDSPAM01",
        form: "contact",
        createdAt: new Date("2020-01-01T00:00:00Z"),
        payload: { name: "Bot", email: "bot@example.com", message: "buy" },
        spam: "honeypot",
        notify: false,
      });
      const db = new Database(path.join(dir, "submissions.sqlite"));
      db.prepare("INSERT INTO rate_limits (key, points, expire) VALUES ('client:contact:203.0.113.9', 1, ?)").run(
        Date.parse("2026-01-01T00:00:00Z"),
      );
      await invoke("netlify/functions/purge.mts", { DATA_DIR: dir });
      expect(await store.get("X-OLDSPAM01")).toBeUndefined();
      expect(db.prepare("SELECT count(*) AS n FROM rate_limits").get()).toEqual({ n: 0 });
      db.close();
      await store.close();
    },
    CHILD_PROCESS_MS,
  );

  test(
    "rebuild posts to the site's build hook, and without one does nothing",
    async () => {
      const received: string[] = [];
      const hook = http.createServer((request, response) => {
        received.push(`${request.method} ${request.url}`);
        response.end();
      });
      await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
      try {
        const { port } = hook.address() as AddressInfo;
        await invoke("netlify/functions/rebuild.mts", { BUILD_HOOK_URL: `http://127.0.0.1:${port}/build_hooks/daily` });
        expect(received).toEqual(["POST /build_hooks/daily"]);
        await invoke("netlify/functions/rebuild.mts", { BUILD_HOOK_URL: "" });
        expect(received).toHaveLength(1);
      } finally {
        await new Promise((resolve) => hook.close(resolve));
      }
    },
    CHILD_PROCESS_MS * 2,
  );
});
