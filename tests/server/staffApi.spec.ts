import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEVICE_TTL_MS, hashToken, LINK_TTL_MS, newToken } from "../../src/server/staff/auth";
import type { PublicRoute, StaffRoute } from "../../src/server/staff/guard";
import { LINK_LIMITS } from "../../src/server/staff/routes/signIn";
import { STAFF_ROUTES, type StaffRouteName } from "../../src/server/app/staff";
import { E2E_DATA_DIR } from "../../playwright.config";
import { startTestPostgres, postgresAvailable, type TestPostgres } from "../support/postgres";
import { freePort, startProductionServer, type RunningServer } from "../support/servers";
import { mimePart, startTestSmtp, type TestSmtp } from "../support/smtp";
import { postJsonFrom } from "../support/fromAddress";
import { signInLink, staffSession, withStore } from "../support/staff";
import { runScript } from "../support/tsxNode";
import type { SubmissionStore } from "../../src/server/app/store";

/**
 * The staff API on the production server, from outside, as a browser or an attacker would call it:
 * the session guard on every route (listed from the folder, so a new route cannot skip it), roles,
 * Origin, and sign-in by a real e-mailed link on both databases.
 */
const ROUTES = fs
  .readdirSync("src/api/staff", { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.replace(/\.ts$/, "").split(path.sep).join("/"));
const PUBLIC = new Set(["sign-in", "sign-in-link"]);
const json = { "Content-Type": "application/json" };

const cookieOf = (token: string) => `__Host-staff=${token}`;
/** The Set-Cookie of an answer for the cookie `name` (signing in sets two: the session and the known device). */
const setCookie = (response: Response, name: string) => response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));

test.describe("every staff route behind the session (the default server)", () => {
  test("the folder holds the routes this test knows to be open", () => {
    expect(ROUTES.length).toBeGreaterThan(PUBLIC.size);
    for (const open of PUBLIC) expect(ROUTES).toContain(open);
  });

  for (const route of ROUTES.filter((r) => !PUBLIC.has(r))) {
    test(`/api/staff/${route}: 401 without a session, with a forged one and with an ended one; never cached`, async ({ baseURL }) => {
      const url = `${baseURL}/api/staff/${route}`;
      const origin = { Origin: baseURL ?? "" };
      // Which methods the route has, from the staff server's table (a file missing from it fails here).
      const definition = STAFF_ROUTES[route as StaffRouteName] as StaffRoute<SubmissionStore> | PublicRoute<SubmissionStore> | undefined;
      expect(definition?.kind, `${route} is a session route in STAFF_ROUTES`).toBe("staff");
      const has = (["GET", "POST"] as const).filter((method) => definition?.kind === "staff" && definition[method]);
      const ended = await staffSession(E2E_DATA_DIR, "ended@gym.example", "owner");
      await withStore(E2E_DATA_DIR, (store) => store.endSession(hashToken(ended)));
      for (const cookie of [undefined, cookieOf(newToken()), cookieOf(ended), "__Host-staff=garbage"]) {
        for (const method of ["GET", "POST"] as const) {
          const response = await fetch(url, {
            method,
            headers: { ...(cookie ? { Cookie: cookie } : {}), ...(method === "POST" ? { ...json, ...origin } : {}) },
            body: method === "POST" ? "{}" : undefined,
          });
          const asked = `${method} ${route} ${cookie ?? "no cookie"}`;
          // A method the route has is 401 without a live session; one it does not have is 405, naming the ones it has.
          expect(response.status, asked).toBe(has.includes(method) ? 401 : 405);
          if (response.status === 405) expect(response.headers.get("allow"), asked).toBe(has.join(", "));
          expect(response.headers.get("cache-control")).toBe("no-store");
        }
      }
    });
  }

  test("a coach gets 403 on the owner's routes; a cross-site change is 403 even with a session", async ({ baseURL }) => {
    const coach = cookieOf(await staffSession(E2E_DATA_DIR, "coach-403@gym.example", "coach"));
    const owner = cookieOf(await staffSession(E2E_DATA_DIR, "owner-403@gym.example", "owner"));
    const accounts = await fetch(`${baseURL}/api/staff/accounts`, { headers: { Cookie: coach } });
    expect(accounts.status).toBe(403);
    const add = await fetch(`${baseURL}/api/staff/accounts`, {
      method: "POST",
      headers: { Cookie: coach, ...json, Origin: baseURL ?? "" },
      body: JSON.stringify({ action: "add", email: "new@gym.example", role: "owner" }),
    });
    expect(add.status).toBe(403);
    expect((await fetch(`${baseURL}/api/staff/accounts`, { headers: { Cookie: owner } })).status).toBe(200);
    for (const headers of [{ Origin: "https://attacker.example" }, {}] as Array<Record<string, string>>) {
      const crossSite = await fetch(`${baseURL}/api/staff/accounts`, {
        method: "POST",
        headers: { Cookie: owner, ...json, ...headers },
        body: JSON.stringify({ action: "add", email: "new@gym.example", role: "coach" }),
      });
      expect(crossSite.status, JSON.stringify(headers)).toBe(403);
    }
    await withStore(E2E_DATA_DIR, async (store) => expect(await store.staffAccount("new@gym.example")).toBeUndefined());
    const session = await fetch(`${baseURL}/api/staff/session`, { headers: { Cookie: coach } });
    expect(await session.json()).toEqual({ email: "coach-403@gym.example", role: "coach" });
  });

  test("asking for a link answers the same for a staff address and for anyone else", async ({ baseURL }) => {
    await staffSession(E2E_DATA_DIR, "same-answer@gym.example", "coach");
    const ask = (email: string) =>
      fetch(`${baseURL}/api/staff/sign-in`, {
        method: "POST",
        headers: { ...json, Origin: baseURL ?? "" },
        body: JSON.stringify({ email }),
      });
    const [staff, stranger] = await Promise.all([ask("same-answer@gym.example"), ask("stranger@gym.example")]);
    expect(staff.status).toBe(202);
    expect(stranger.status).toBe(202);
    expect(await staff.text()).toBe(await stranger.text());
    // ...by the same work: one request queued for each, and no link made for either before the answer
    // (this server sends no mail, so its sender never runs). A staff address alone making a link in the
    // answer's own transaction would show in its timing.
    await withStore(E2E_DATA_DIR, async (store) => {
      const queued = (await store.outbox(["pending"])).filter(
        (m) => m.kind === "sign-in" && ["same-answer@gym.example", "stranger@gym.example"].includes(m.data?.to ?? ""),
      );
      expect(queued.map((m) => [m.data?.to, Object.keys(m.data ?? {})]).sort()).toEqual([
        ["same-answer@gym.example", ["to"]],
        ["stranger@gym.example", ["to"]],
      ]);
    });
    expect((await ask("not an address")).status).toBe(422);
    const foreign = await fetch(`${baseURL}/api/staff/sign-in`, {
      method: "POST",
      headers: { ...json, Origin: "https://attacker.example" },
      body: JSON.stringify({ email: "same-answer@gym.example" }),
    });
    expect(foreign.status).toBe(403);
  });
});

/** The sign-in link in the newest mail to `to`. */
function linkIn(smtp: TestSmtp, to: string): string {
  const mail = [...smtp.received].reverse().find((m) => m.to.includes(to));
  const text = mail ? mimePart(mail.raw, "text/plain") : undefined;
  const link = /(http\S+\/staff\/sign-in\/#token=[A-Za-z0-9_-]{43})/.exec(text ?? "")?.[1];
  if (!link) throw new Error(`no sign-in link mailed to ${to}`);
  return link;
}

async function waitForMail(smtp: TestSmtp, to: string, count: number): Promise<void> {
  await expect.poll(() => smtp.received.filter((m) => m.to.includes(to)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
}

for (const database of ["sqlite", "postgres"] as const) {
  test.describe(`sign-in by e-mailed link (${database})`, () => {
    let smtp: TestSmtp;
    let server: RunningServer;
    let pg: TestPostgres | null = null;
    let databaseUrl: string | undefined;
    test.skip(database === "postgres" && !postgresAvailable() && !process.env.CI, "PostgreSQL is not installed");

    test.beforeAll(async () => {
      smtp = await startTestSmtp();
      // TRUST_PROXY: a request with X-Forwarded-For comes from the address it names (an IPv6 one, here);
      // one without it, from its socket's loopback address.
      const env: Record<string, string> = {
        SMTP_URL: smtp.url,
        STAFF_EMAIL: "coaches@gym.example",
        STAFF_OWNER_EMAIL: "Boss@Gym.example",
        TRUST_PROXY: "1",
      };
      if (database === "postgres") {
        pg = await startTestPostgres();
        databaseUrl = await pg?.createDatabase();
        env.DATABASE_URL = databaseUrl ?? "";
      }
      // SITE_URL is the address links are built from: the server's own.
      const port = await freePort();
      server = await startProductionServer({ env: { ...env, SITE_URL: `http://127.0.0.1:${port}` }, port });
    });
    test.afterAll(async () => {
      await server?.stop();
      await smtp?.stop();
      pg?.stop();
    });

    const staffCli = (...args: string[]) =>
      runScript("scripts/staff.ts", args, { DATA_DIR: server.dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });

    /** The server's own database, opened beside it as another process would. */
    const onServerStore = <T>(work: (store: SubmissionStore) => Promise<T>) => withStore(server.dataDir, work, databaseUrl);

    test("a fresh install: STAFF_OWNER_EMAIL signs in as the first owner, and is ignored once anyone exists", async () => {
      const url = server.url;
      const ask = (email: string) =>
        fetch(`${url}/api/staff/sign-in`, { method: "POST", headers: { ...json, Origin: url }, body: JSON.stringify({ email }) });
      // Only while the store has no staff account at all (this server's database is its own).
      expect(await onServerStore((store) => store.staffAccounts())).toEqual([]);
      expect((await ask("boss@gym.example")).status).toBe(202);
      await waitForMail(smtp, "boss@gym.example", 1);
      const token = linkIn(smtp, "boss@gym.example").split("#token=")[1];
      const signedIn = await fetch(`${url}/api/staff/sign-in-link`, {
        method: "POST",
        headers: { ...json, Origin: url },
        body: JSON.stringify({ token }),
      });
      expect(await signedIn.json()).toEqual({ email: "boss@gym.example", role: "owner" });
      // Now that an account exists, another address named nothing gets nothing, as always.
      await ask("someone@gym.example");
      expect(await onServerStore((store) => store.staffAccounts())).toHaveLength(1);
    });

    test("link -> session; reused, expired and forged links refused; sign-out and removal end the session at once", async () => {
      const url = server.url;
      const post = (route: string, body: unknown, cookie?: string) =>
        fetch(`${url}/api/staff/${route}`, {
          method: "POST",
          headers: { ...json, Origin: url, ...(cookie ? { Cookie: cookie } : {}) },
          body: JSON.stringify(body),
        });
      await onServerStore((store) => store.addStaff("ana@gym.example", "coach", new Date()));

      expect((await post("sign-in", { email: "Ana@Gym.example" })).status).toBe(202);
      await waitForMail(smtp, "ana@gym.example", 1);
      const link = linkIn(smtp, "ana@gym.example");
      expect(link.startsWith(`${url}/staff/sign-in/#token=`)).toBe(true);
      // Opening the link's page (what a mail scanner does) spends nothing: only the page's POST does.
      expect((await fetch(link)).status).toBe(200);
      const token = link.split("#token=")[1] ?? "";

      const signedIn = await post("sign-in-link", { token });
      expect(signedIn.status).toBe(200);
      expect(await signedIn.json()).toEqual({ email: "ana@gym.example", role: "coach" });
      const session = setCookie(signedIn, "__Host-staff") ?? "";
      expect(session).toMatch(/^__Host-staff=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
      const cookie = session.split(";")[0] ?? "";
      expect((await fetch(`${url}/api/staff/session`, { headers: { Cookie: cookie } })).status).toBe(200);

      const reused = await post("sign-in-link", { token });
      expect(reused.status).toBe(410);
      expect(((await reused.json()) as { error: string }).error).toMatch(/already been used.*new one/);
      const forged = await post("sign-in-link", { token: newToken() });
      expect(forged.status).toBe(400);
      expect(((await forged.json()) as { error: string }).error).toMatch(/not valid.*new one/);
      // A link asked for 15 minutes ago (its time written into the store, not waited for).
      const old = await onServerStore((store) => signInLink(store, "ana@gym.example", new Date(Date.now() - LINK_TTL_MS)));
      const expired = await post("sign-in-link", { token: old });
      expect(expired.status).toBe(410);
      expect(((await expired.json()) as { error: string }).error).toMatch(/expired.*new one/);

      // Sign out: the cookie is cleared and the session is gone on the server, not just in this browser.
      const out = await post("sign-out", {}, cookie);
      expect(out.status).toBe(204);
      expect(out.headers.get("set-cookie")).toMatch(/^__Host-staff=; Max-Age=0/);
      expect((await fetch(`${url}/api/staff/session`, { headers: { Cookie: cookie } })).status).toBe(401);

      // A second session, ended by removing the account from the terminal.
      await post("sign-in", { email: "ana@gym.example" });
      await waitForMail(smtp, "ana@gym.example", 2);
      const again = await post("sign-in-link", { token: linkIn(smtp, "ana@gym.example").split("#token=")[1] });
      const second = setCookie(again, "__Host-staff")?.split(";")[0] ?? "";
      expect((await fetch(`${url}/api/staff/session`, { headers: { Cookie: second } })).status).toBe(200);
      expect(staffCli("remove", "ana@gym.example")).toMatch(/Removed ana@gym.example/);
      expect((await fetch(`${url}/api/staff/session`, { headers: { Cookie: second } })).status).toBe(401);
      // Nothing of a token or an address reached the log.
      expect(server.output()).not.toContain(token);
      expect(server.output()).not.toContain("ana@gym.example");
    });

    /** Mails to `to`, once the sender has nothing left to send: every request made so far has had its answer. */
    async function settledMailsTo(to: string): Promise<number> {
      await expect
        .poll(async () => (await onServerStore((store) => store.outbox(["pending"]))).filter((m) => m.kind === "sign-in").length, {
          timeout: 20_000,
        })
        .toBe(0);
      return smtp.received.filter((m) => m.to.includes(to)).length;
    }

    test("a stranger asking for the owner's links from their own connections cannot keep the owner out", async () => {
      const owner = "owner-dos@gym.example";
      await onServerStore((store) => store.addStaff(owner, "owner", new Date()));
      const ask = (from: string, email = owner) => postJsonFrom(from, `${server.url}/api/staff/sign-in`, { email });
      // One connection: its share of the owner's address, then 429 for any address.
      for (let i = 0; i < LINK_LIMITS.perClient; i++) expect((await ask("127.0.0.2")).status).toBe(202);
      const refused = await ask("127.0.0.2", "anyone-else@gym.example");
      expect(refused.status).toBe(429);
      expect(refused.text).toMatch(/Too many sign-in links asked for from this connection/);
      expect(await settledMailsTo(owner)).toBe(LINK_LIMITS.perAddressAndClient);

      // The owner, on their own connection, still gets a link, and it signs them in.
      expect((await ask("127.0.0.3")).status).toBe(202);
      await waitForMail(smtp, owner, LINK_LIMITS.perAddressAndClient + 1);
      const signedIn = await fetch(`${server.url}/api/staff/sign-in-link`, {
        method: "POST",
        headers: { ...json, Origin: server.url },
        body: JSON.stringify({ token: linkIn(smtp, owner).split("#token=")[1] }),
      });
      expect(await signedIn.json()).toEqual({ email: owner, role: "owner" });

      // Many connections together meet the address's cap, which keeps the owner's inbox from filling.
      for (const from of ["127.0.0.4", "127.0.0.5", "127.0.0.6", "127.0.0.7"]) {
        for (let i = 0; i < LINK_LIMITS.perAddressAndClient; i++) expect((await ask(from)).status).toBe(202);
      }
      expect(await settledMailsTo(owner)).toBe(LINK_LIMITS.perAddress);
    });

    test("a browser its owner signed in on always gets a link, whatever strangers spent; any other browser meets the limits", async () => {
      const owner = "owner-known@gym.example";
      const coach = "coach-known@gym.example";
      await onServerStore(async (store) => {
        await store.addStaff(owner, "owner", new Date());
        await store.addStaff(coach, "coach", new Date());
      });
      /** Asks for a link from a loopback address, or, with `via`, from the address the proxy names. */
      const ask = (from: string, cookie?: string, via?: string) =>
        postJsonFrom(
          from,
          `${server.url}/api/staff/sign-in`,
          { email: owner },
          { ...(cookie ? { Cookie: cookie } : {}), ...(via ? { "X-Forwarded-For": via } : {}) },
        );
      const spend = (token: string, cookie?: string) =>
        fetch(`${server.url}/api/staff/sign-in-link`, {
          method: "POST",
          headers: { ...json, Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
          body: JSON.stringify({ token }),
        });

      // The owner signs in once on this browser, which is remembered: a cookie of its own, not a session.
      expect((await ask("127.0.2.1")).status).toBe(202);
      await waitForMail(smtp, owner, 1);
      const signedIn = await spend(linkIn(smtp, owner).split("#token=")[1] ?? "");
      expect(signedIn.status).toBe(200);
      const device = setCookie(signedIn, "__Host-staff-device");
      expect(device, "signing in remembers the browser").toMatch(
        /^__Host-staff-device=[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
      );
      const known = device?.split(";")[0] ?? "";
      const deviceToken = known.split("=")[1] ?? "";
      expect((await fetch(`${server.url}/api/staff/session`, { headers: { Cookie: cookieOf(deviceToken) } })).status).toBe(401);

      // A stranger with 16 IPv4 connections asks from each until refused; another, with an IPv6 /48, from
      // a fresh /64 of it each time (each /64 counts as a client of its own). Every cap they can fill is full.
      const connections = Array.from({ length: 16 }, (_, i) => `127.0.3.${i + 1}`);
      for (const from of connections) {
        for (let i = 0; i < LINK_LIMITS.perClient; i++) expect((await ask(from)).status).toBe(202);
        expect((await ask(from)).status).toBe(429);
      }
      for (let i = 0; i < 2 * LINK_LIMITS.perAddress; i++)
        expect((await ask("127.0.0.1", undefined, `2001:db8:53:${i.toString(16)}::1`)).status).toBe(202);
      expect(await settledMailsTo(owner)).toBe(LINK_LIMITS.perAddress);

      // A first-time browser, on a connection of its own, meets today's limits: the same answer, and no mail.
      expect((await ask("127.0.2.2")).status).toBe(202);
      // A forged, an expired and another account's device cookie count as none.
      const expired = newToken();
      const coachs = newToken();
      await onServerStore(async (store) => {
        await store.rememberDevice(hashToken(expired), owner, new Date(Date.now() - DEVICE_TTL_MS));
        await store.rememberDevice(hashToken(coachs), coach, new Date());
      });
      for (const token of [newToken(), expired, coachs]) expect((await ask("127.0.2.3", `__Host-staff-device=${token}`)).status).toBe(202);
      expect(await settledMailsTo(owner)).toBe(LINK_LIMITS.perAddress);

      // The owner's known browser gets its links: from a connection the stranger used up, and from inside their /48.
      const answer = await ask("127.0.3.1", known);
      expect(answer.status).toBe(202);
      expect((await ask("127.0.0.1", known, "2001:db8:53:ffff::1")).status).toBe(202);
      // Its answer is the one everybody gets.
      expect(answer.text).toBe((await ask("127.0.2.4")).text);
      expect(await settledMailsTo(owner)).toBe(LINK_LIMITS.perAddress + 2);
      const again = await spend(linkIn(smtp, owner).split("#token=")[1] ?? "", known);
      expect(await again.json()).toEqual({ email: owner, role: "owner" });
      // Signing in again on it renews the same device rather than making another.
      expect(setCookie(again, "__Host-staff-device")?.split(";")[0]).toBe(known);

      // The browser has a small limit of its own, which nobody else can spend.
      for (let i = 2; i < LINK_LIMITS.perDevice; i++) expect((await ask("127.0.2.5", known)).status).toBe(202);
      expect(await settledMailsTo(owner)).toBe(LINK_LIMITS.perAddress + LINK_LIMITS.perDevice);
      expect((await ask("127.0.2.5", known)).status).toBe(202);
      expect(await settledMailsTo(owner)).toBe(LINK_LIMITS.perAddress + LINK_LIMITS.perDevice);
      expect(server.output()).not.toContain(deviceToken);
    });

    test("signing out everywhere voids the links still unused in the mailbox, and forgets every device but this browser", async () => {
      const coach = "eve@gym.example";
      await onServerStore((store) => store.addStaff(coach, "coach", new Date()));
      const ask = () => postJsonFrom("127.0.0.8", `${server.url}/api/staff/sign-in`, { email: coach });
      const use = (token: string) =>
        fetch(`${server.url}/api/staff/sign-in-link`, {
          method: "POST",
          headers: { ...json, Origin: server.url },
          body: JSON.stringify({ token }),
        });
      expect((await ask()).status).toBe(202);
      await waitForMail(smtp, coach, 1);
      const unused = linkIn(smtp, coach).split("#token=")[1] ?? "";
      expect((await ask()).status).toBe(202);
      await waitForMail(smtp, coach, 2);
      const signedIn = await use(linkIn(smtp, coach).split("#token=")[1] ?? "");
      const cookie = setCookie(signedIn, "__Host-staff")?.split(";")[0] ?? "";
      const device = setCookie(signedIn, "__Host-staff-device")?.split(";")[0] ?? "";
      // The lost phone, known from an earlier sign-in.
      const phone = hashToken(newToken());
      await onServerStore((store) => store.rememberDevice(phone, coach, new Date()));
      const out = await fetch(`${server.url}/api/staff/sign-out`, {
        method: "POST",
        headers: { ...json, Origin: server.url, Cookie: `${cookie}; ${device}` },
        body: JSON.stringify({ everywhere: true }),
      });
      expect(out.status).toBe(204);
      const owners = await onServerStore(async (store) =>
        Promise.all([phone, hashToken(device.split("=")[1] ?? "")].map((hash) => store.deviceOwner(hash, new Date()))),
      );
      expect(owners).toEqual([undefined, coach]);
      const voided = await use(unused);
      expect(voided.status).toBe(400);
      expect(((await voided.json()) as { error: string }).error).toMatch(/not valid.*new one/);
    });
  });
}
