import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { API_HEADERS, NOT_A_PAGE_POLICY, SECURITY_HEADERS } from "../../src/headers";
import { NOT_TEXT } from "../support/notText";
import { startTestPostgres } from "../support/postgres";
import { startProductionServer, type RunningServer } from "../support/servers";
import { startTestSmtp } from "../support/smtp";
import { startWebhookReceiver } from "../support/webhookReceiver";
import { runScript } from "../support/tsxNode";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../src/server/app/store";

/**
 * The production server (host/main.ts): what `npm start` and self-hosting run. The suite's own
 * server (playwright.config.ts) is one; tests that need other settings start their own.
 */
const json = { "Content-Type": "application/json" };
const contact = { name: "Ana Ruiz", email: "ana@example.com", interest: "kids", message: "Can my daughter try a class?", elapsedMs: 9000 };
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/contact`, { method: "POST", headers: { ...json, ...headers }, body: JSON.stringify(body) });

test.describe("pages", () => {
  test("every answer carries the site's headers, pages their own CSP from the build, compressed", async ({ baseURL }) => {
    for (const url of ["/", "/schedule/", "/page-data/index/page-data.json"]) {
      const response = await fetch(`${baseURL}${url}`, { headers: { "Accept-Encoding": "gzip" } });
      expect(response.status, url).toBe(200);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), `${url} ${name}`).toBe(value);
      const policy = response.headers.get("content-security-policy");
      if (url.endsWith("/")) expect(policy, url).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
      else expect(policy, url).toBe(NOT_A_PAGE_POLICY);
      expect(response.headers.get("content-encoding"), url).toBe("gzip");
    }
  });

  test("old addresses are real 301s that keep the query; a missing page is the 404 page with status 404", async ({ baseURL }) => {
    const moved = await fetch(`${baseURL}/membership-store/?utm_source=flyer`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/contact/?interest=membership&utm_source=flyer");
    const missing = await fetch(`${baseURL}/no-such-page/`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("<h1");
    expect(missing.headers.get("x-frame-options")).toBe("DENY");
    const missingAsset = await fetch(`${baseURL}/static/no-such-file.js`);
    expect(missingAsset.status).toBe(404);
    expect(missingAsset.headers.get("cache-control")).toBe("no-store");
  });

  test("an encoded path cannot reach a page with another route's policy or cache rule", async ({ baseURL }) => {
    const notFoundPolicy = (await fetch(`${baseURL}/no-such-page/`)).headers.get("content-security-policy");
    for (const url of ["/admin/..%2fabout/", "/static/..%2fabout/", "/admin/%2e%2e%2fabout/", "/static/..%5cabout/"]) {
      const response = await fetch(`${baseURL}${url}`);
      expect(response.status, url).toBe(404);
      expect(response.headers.get("content-security-policy"), url).toBe(notFoundPolicy);
      expect(response.headers.get("cache-control"), url).toBe("no-store");
      expect(response.headers.get("x-frame-options"), url).toBe("DENY");
    }
    // A plainly encoded character is still the page it names.
    const encoded = await fetch(`${baseURL}/%61bout/`);
    expect(encoded.status).toBe(200);
    expect(encoded.headers.get("content-security-policy")).toBe((await fetch(`${baseURL}/about/`)).headers.get("content-security-policy"));
  });
});

test.describe("form endpoints", () => {
  test("every answer, whatever its status, carries the API headers", async ({ baseURL }) => {
    const answers = [
      await post(baseURL as string, contact),
      await post(baseURL as string, {}),
      await fetch(`${baseURL}/api/contact`),
      await fetch(`${baseURL}/api/contact`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "hi" }),
      await fetch(`${baseURL}/api/no-such-form`, { method: "POST", headers: json, body: "{}" }),
    ];
    expect(answers.map((a) => a.status)).toEqual([201, 422, 405, 415, 404]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(API_HEADERS)) expect(answer.headers.get(name), `${answer.status} ${name}`).toBe(value);
    }
  });

  test("a 1 MB multipart body is refused before it is read", async ({ baseURL }) => {
    const { hostname, port } = new URL(baseURL as string);
    const socket = net.connect(Number(port), hostname);
    const answer = new Promise<string>((resolve, reject) => {
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString();
        if (text.includes("\r\n\r\n")) resolve(text);
      });
      socket.on("error", reject);
    });
    // Only the headers and the first kilobyte are ever sent: if the server waited to buffer the
    // megabyte it announced, no answer would come.
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${1024 * 1024}\r\n\r\n`,
    );
    socket.write(`--x\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n${"a".repeat(1024)}`);
    const head = await answer;
    socket.destroy();
    expect(head).toMatch(/^HTTP\/1\.1 415 /);
    expect(head).toMatch(/\r\nConnection: close\r\n/i);
  });

  test("a chunked JSON body over 16 KB is cut off at the limit with 413", async ({ baseURL }) => {
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        const piece = new TextEncoder().encode(`"${"x".repeat(8 * 1024)}",`);
        controller.enqueue(new TextEncoder().encode('{"message":['));
        for (let i = 0; i < 64; i++) controller.enqueue(piece);
        controller.close();
      },
    });
    const response = await fetch(`${baseURL}/api/contact`, { method: "POST", headers: json, body: chunks, duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toMatch(/larger than 16KB/);
  });
});

test.describe("rate limits", () => {
  let servers: RunningServer[] = [];
  test.afterEach(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    servers = [];
  });

  test("a client's own X-Forwarded-For is no escape when the server is not told to trust a proxy", async () => {
    const server = await startProductionServer({ env: { FORM_RATE_LIMIT_PER_MINUTE: "3" } });
    servers.push(server);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(server.url, {}, { "X-Forwarded-For": `198.51.100.${i}` })).status);
    expect(statuses).toEqual([422, 422, 422, 429, 429]);
  });

  test("two server processes on one store share the counts", async () => {
    const first = await startProductionServer({ env: { FORM_RATE_LIMIT_PER_MINUTE: "3" } });
    servers.push(first);
    const second = await startProductionServer({ dataDir: first.dataDir, env: { FORM_RATE_LIMIT_PER_MINUTE: "3" } });
    servers.push(second);
    const statuses = [];
    for (const server of [first, second, first, second]) statuses.push((await post(server.url, {})).status);
    expect(statuses).toEqual([422, 422, 422, 429]);
  });
});

test("a malformed SMTP_URL: one clear line at start, every form still 201, the mail waits and goes once it is fixed", async () => {
  test.setTimeout(60_000);
  const broken = await startProductionServer({
    env: { SMTP_URL: "smtp://forms:50%off@127.0.0.1:2525", STAFF_EMAIL: "coaches@gym.example" },
  });
  let answered: Response[];
  try {
    expect(broken.output().match(/Setting ignored: SMTP_URL has a user name or password with a bare "%"/g)).toHaveLength(1);
    answered = [await post(broken.url, contact), await post(broken.url, { ...contact, name: "Ben Ode" })];
    expect(answered.map((a) => a.status)).toEqual([201, 201]);
    const store = openSqliteStore(path.join(broken.dataDir, "submissions.sqlite"));
    // The second form is of the same address: it gets no instant answer of its own.
    expect((await store.outbox(["pending"])).map((m) => [m.kind, m.attempts])).toEqual([
      ["staff", 0],
      ["instant-answer", 0],
      ["staff", 0],
    ]);
    await store.close();
    expect(broken.output()).toMatch(/Staff e-mail not sent: SMTP_URL/);
  } finally {
    await broken.stop();
  }
  const smtp = await startTestSmtp();
  const fixed = await startProductionServer({ dataDir: broken.dataDir, env: { SMTP_URL: smtp.url, STAFF_EMAIL: "coaches@gym.example" } });
  try {
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(3);
    const ids = await Promise.all(answered.map(async (a) => ((await a.json()) as { id: string }).id));
    const alerts = smtp.received.filter((mail) => mail.to.includes("coaches@gym.example"));
    expect(alerts.map((mail) => /\[(\w-\w+)\]/.exec(mail.header("Subject") ?? "")?.[1]).sort()).toEqual(ids.sort());
    expect(smtp.received.filter((mail) => mail.to.includes(contact.email.toLowerCase()))).toHaveLength(1);
  } finally {
    await fixed.stop();
    await smtp.stop();
  }
});

test.describe("text that is not text gets a 422 naming the field, and nothing is stored or logged", () => {
  for (const kind of ["SQLite", "PostgreSQL"] as const) {
    test(`on ${kind}`, async () => {
      test.setTimeout(60_000);
      const pg = kind === "PostgreSQL" ? await startTestPostgres() : null;
      test.skip(kind === "PostgreSQL" && !pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
      const databaseUrl = pg ? await pg.createDatabase() : undefined;
      const server = await startProductionServer({
        env: { FORM_RATE_LIMIT_PER_MINUTE: "1000", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      });
      let store: SubmissionStore | undefined;
      try {
        for (const [kindOfText, value, message] of NOT_TEXT) {
          for (const field of ["name", "message"] as const) {
            const response = await post(server.url, { ...contact, [field]: value });
            expect(response.status, `${kindOfText} in ${field}`).toBe(422);
            const { errors } = (await response.json()) as { errors: Record<string, string> };
            expect(errors[field], `${kindOfText} in ${field}`).toMatch(message);
          }
        }
        const newline = await post(server.url, { ...contact, name: "Ana\nEmail: boss@gym.example" });
        expect(((await newline.json()) as { errors: Record<string, string> }).errors.name).toMatch(/on one line/);
        const proto = await fetch(`${server.url}/api/contact`, {
          method: "POST",
          headers: json,
          body: JSON.stringify(contact).replace("{", '{"__proto__":{"admin":true},'),
        });
        expect(proto.status).toBe(422);
        expect(await proto.json()).toEqual(JSON.parse('{"errors":{"__proto__":"This field is not part of the form"}}'));
        // Real text of any script is fine, and is the only thing stored.
        expect((await post(server.url, { ...contact, name: "José 李 💪", message: "Line one\r\nLine two" })).status).toBe(201);
        store = databaseUrl ? await openPostgresStore(databaseUrl) : openSqliteStore(path.join(server.dataDir, "submissions.sqlite"));
        const rows = await store.list({ includeSpam: true });
        expect(rows.map((row) => [row.payload.name, row.payload.message])).toEqual([["José 李 💪", "Line one\nLine two"]]);
        expect(server.output()).not.toMatch(/Ana|boss@gym/);
      } finally {
        await store?.close();
        await server.stop();
        pg?.stop();
      }
    });
  }
});

/** Every field each form sends, with a value of its kind: each in turn is replaced by one holding a NUL. */
const FORM_FIELDS: Record<string, Record<string, unknown>> = {
  contact: { ...contact, phone: "253-555-0142", website: "" },
  signup: {
    firstName: "Sam",
    lastName: "Lee",
    email: "sam@example.com",
    phone: "253-555-0100",
    dateOfBirth: "1990-05-04",
    plan: "unlimited",
    startDate: "2099-01-01",
    emergencyContactName: "Kim Lee",
    emergencyContactPhone: "253-555-0101",
    waiverAccepted: true,
    waiverVersion: "sent back by the page",
    guardianName: "Kim Lee",
    notes: "Morning classes",
    healthInfo: "Old knee injury",
    healthConsent: true,
    elapsedMs: 9000,
  },
  "membership-hold": {
    type: "hold",
    name: "Jo",
    email: "jo@example.com",
    phone: "253-555-0100",
    holdStart: "2099-01-01",
    holdEnd: "2099-01-20",
    reason: "Travel",
    acknowledged: true,
  },
  "drop-in": {
    visitDate: "2099-01-01",
    name: "Vic",
    email: "vic@example.com",
    affiliate: "CrossFit Elsewhere",
    ageGroup: "18+",
    guardianName: "Kim",
    waiverAccepted: true,
    waiverVersion: "v",
  },
  intro: { start: "2099-01-01T17:00:00.000Z", name: "Ana", email: "ana@example.com", phone: "253-555-0100", goals: "Strength" },
  "privacy-request": { name: "Pat", email: "pat@example.com", request: "correction", details: "My phone number" },
};
/** Where a field's problem is shown when it is not at the field itself. */
const SHOWN_AT: Record<string, string> = { waiverVersion: "waiverAccepted" };
const HIDDEN = ["\u0000", "\u001b", "\u202e", "\u2066", "\u0085", "\u2028", "\ud83d"];
/** Every string in a value, keys included. */
const texts = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : typeof value === "object" && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => [key, ...texts(inner)])
      : [];
/** Whether any of it is not text (a message's own line breaks aside). */
const hasHidden = (value: unknown) => texts(value).some((text) => /[\p{C}\u2028\u2029]/u.test(text.replace(/\n/g, "")));

test.describe("NUL and other hidden characters anywhere in a submission: a 422 at the field or a clean 201, never a 5xx", () => {
  for (const kind of ["SQLite", "PostgreSQL"] as const) {
    test(`on ${kind}`, async () => {
      test.setTimeout(120_000);
      const pg = kind === "PostgreSQL" ? await startTestPostgres() : null;
      test.skip(kind === "PostgreSQL" && !pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
      const databaseUrl = pg ? await pg.createDatabase() : undefined;
      const receiver = await startWebhookReceiver();
      const server = await startProductionServer({
        env: {
          FORM_RATE_LIMIT_PER_MINUTE: "100000",
          FORM_CEILING_PER_MINUTE: "100000",
          LEAD_WEBHOOK_URL: receiver.url,
          LEAD_WEBHOOK_SECRET: "whsec_hidden_text_0123456789abcdef0123",
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        },
      });
      let store: SubmissionStore | undefined;
      try {
        const send = (form: string, body: unknown) =>
          fetch(`${server.url}/api/${form}`, { method: "POST", headers: json, body: JSON.stringify(body) });
        // Every field of every form, as text with a NUL and as an object holding one: a 422 naming it.
        for (const [form, fields] of Object.entries(FORM_FIELDS)) {
          for (const field of Object.keys(fields)) {
            for (const value of ["Ana\u0000Ruiz", { nested: ["\u0000"] }]) {
              const response = await send(form, { ...fields, [field]: value });
              const what = `${form}: ${field} = ${JSON.stringify(value)}`;
              expect(response.status, what).toBe(422);
              const { errors } = (await response.json()) as { errors: Record<string, string> };
              expect(errors[SHOWN_AT[field] ?? field], what).toBeDefined();
            }
          }
          // A field the form does not have, named with a NUL.
          expect((await send(form, { ...fields, "x\u0000": "\u0000" })).status, form).toBe(422);
        }
        // Sent the browser's way, without script: the page of problems, the message at the field.
        const plain = await fetch(`${server.url}/api/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ ...contact, name: "Ana\u0000Ruiz", elapsedMs: "" }).toString(),
        });
        expect(plain.status).toBe(422);
        expect(await plain.text()).toContain("Remove the hidden control characters from your name");

        // Where the visit came from is never the visitor's to fix: whatever it holds, the form is stored.
        const sources: unknown[] = [
          { landingPage: "/=1+1\u202egnp.exe\u001b[31m", utmSource: "news\u0000letter", utmCampaign: `${"x".repeat(99)}💪💪` },
          ...HIDDEN.map((char) => ({
            landingPage: `/contact/${char}`,
            referrerHost: `www.google.com${char}`,
            utmSource: `face${char}book`,
            utmMedium: `so${char}cial`,
            utmCampaign: `open${char}house`,
          })),
          { landingPage: { nested: "\u0000" }, referrerHost: ["\u0000"], utmSource: 42 },
          "\u0000",
        ];
        const ids: string[] = [];
        for (const source of sources) {
          const response = await send("contact", { ...contact, source });
          expect(response.status, JSON.stringify(source)).toBe(201);
          ids.push(((await response.json()) as { id: string }).id);
        }
        store = databaseUrl ? await openPostgresStore(databaseUrl) : openSqliteStore(path.join(server.dataDir, "submissions.sqlite"));
        const rows = await store.list({ includeSpam: true });
        expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
        for (const row of rows) expect(hasHidden(row.payload), row.id).toBe(false);
        const kept = await Promise.all(ids.map((id) => store!.leadSource(id)));
        expect(kept[0]).toEqual({
          landingPage: null,
          referrerHost: null,
          utmSource: "newsletter",
          utmMedium: null,
          utmCampaign: `${"x".repeat(99)}💪`,
        });
        for (const source of kept.slice(1, 1 + HIDDEN.length)) {
          expect(source).toMatchObject({
            landingPage: null,
            referrerHost: null,
            utmSource: "facebook",
            utmMedium: "social",
            utmCampaign: "openhouse",
          });
        }
        expect(kept.slice(1 + HIDDEN.length)).toEqual([null, null]);
        // And the webhook says the same.
        await receiver.waitFor(ids.length);
        for (const request of receiver.received) expect(hasHidden(JSON.parse(request.body)), request.body).toBe(false);
        expect(server.output()).not.toMatch(/Could not store/);
      } finally {
        await store?.close();
        await server.stop();
        await receiver.stop();
        pg?.stop();
      }
    });
  }
});

test("the staff CLI prints stored control characters as escapes", async () => {
  // A row written before text was checked, straight into the store.
  const server = await startProductionServer();
  try {
    const store = openSqliteStore(path.join(server.dataDir, "submissions.sqlite"));
    await store.insert({
      id: "C-OLDROW0001",
      form: "contact",
      createdAt: new Date(),
      payload: { name: "Ana\u001b[2J\u0007", email: "a@b.co" },
      spam: null,
      notify: false,
    });
    await store.close();
    const out = runScript("scripts/submissions.ts", ["list"], { DATA_DIR: server.dataDir });
    expect(out).toContain("Ana\\u001b[2J\\u0007");
    expect(out).not.toContain("\u001b");
  } finally {
    await server.stop();
  }
});
