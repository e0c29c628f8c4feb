import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { CODE_TRIES, DEVICE_TTL_MS, hashToken, LINK_TTL_MS, newToken } from "../../src/server/staff/auth";
import type { PublicRoute, StaffRoute } from "../../src/server/staff/guard";
import { LINK_LIMITS } from "../../src/server/staff/routes/signIn";
import { CODE_LIMITS } from "../../src/server/staff/routes/signInCode";
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
const PUBLIC = new Set(["sign-in", "sign-in-link", "sign-in-code"]);
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
    // The same cookie for the browser that asked, a new random one each time, whoever the address belongs to.
    const requestCookie = (answer: Response) => setCookie(answer, "__Host-staff-sign-in") ?? "";
    expect(requestCookie(staff)).toMatch(
      /^__Host-staff-sign-in=[A-Za-z0-9_-]{43}; Max-Age=900; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    expect(requestCookie(stranger).replace(/=[^;]+/, "")).toBe(requestCookie(staff).replace(/=[^;]+/, ""));
    expect(requestCookie(stranger)).not.toBe(requestCookie(staff));
    // ...by the same work: one request kept and one queued for each, and no link or code made for
    // either before the answer (this server sends no mail, so its sender never runs). A staff address
    // alone making a link in the answer's own transaction would show in its timing.
    await withStore(E2E_DATA_DIR, async (store) => {
      const queued = (await store.outbox(["pending"])).filter(
        (m) => m.kind === "sign-in" && ["same-answer@gym.example", "stranger@gym.example"].includes(m.data?.to ?? ""),
      );
      expect(queued.map((m) => [m.data?.to, Object.keys(m.data ?? {})]).sort()).toEqual([
        ["same-answer@gym.example", ["to", "request"]],
        ["stranger@gym.example", ["to", "request"]],
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
  const link = /(http\S+\/staff\/sign-in\/(?:\?next=\S+)?#token=[A-Za-z0-9_-]{43})/.exec(text ?? "")?.[1];
  if (!link) throw new Error(`no sign-in link mailed to ${to}`);
  return link;
}

/** The sign-in code in the newest mail to `to`. */
function codeIn(smtp: TestSmtp, to: string): string {
  const mail = [...smtp.received].reverse().find((m) => m.to.includes(to));
  const code = /enter this code[^:]*:\s+([0-9]{6})\s/.exec(mail ? (mimePart(mail.raw, "text/plain") ?? "") : "")?.[1];
  if (!code) throw new Error(`no sign-in code mailed to ${to}`);
  return code;
}

/** Six digits other than `code`. */
const otherThan = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, "0");

/**
 * A browser as the server sees one: it keeps the cookies it is given and sends them back with each POST
 * of its own pages (from the address `via` names, through the trusted proxy, when given).
 */
function browserAt(url: string, via?: string) {
  const jar = new Map<string, string>();
  const post = async (route: string, body: unknown) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(`${url}/api/staff/${route}`, {
      method: "POST",
      headers: { ...json, Origin: url, ...(cookie ? { Cookie: cookie } : {}), ...(via ? { "X-Forwarded-For": via } : {}) },
      body: JSON.stringify(body),
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = set.split("; ");
      const [name = "", value = ""] = pair.split("=");
      if (attributes.includes("Max-Age=0")) jar.delete(name);
      else jar.set(name, value);
    }
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as { error?: string; email?: string } | null,
      response,
    };
  };
  return { jar, post };
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

    test("the e-mail's code signs in the browser that asked, once; wrong codes count down; other browsers' codes do nothing", async () => {
      const url = server.url;
      const coach = "cody@gym.example";
      await onServerStore((store) => store.addStaff(coach, "coach", new Date()));
      const phone = browserAt(url, "2001:db8:55::1");
      const asked = await phone.post("sign-in", { email: coach, next: "/staff/lead/?id=C-0000000001" });
      expect(asked.status).toBe(202);
      const request = setCookie(asked.response, "__Host-staff-sign-in");
      expect(request).toMatch(/^__Host-staff-sign-in=[A-Za-z0-9_-]{43}; Max-Age=900; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
      // A stranger's address gets the same answer and the same cookie, and its request takes codes the same way.
      const stranger = browserAt(url, "2001:db8:55::2");
      const strangers = await stranger.post("sign-in", { email: "nobody-code@example.com" });
      expect([strangers.status, strangers.body]).toEqual([asked.status, asked.body]);
      expect(setCookie(strangers.response, "__Host-staff-sign-in")?.replace(/=[^;]+/, "")).toBe(request?.replace(/=[^;]+/, ""));

      await waitForMail(smtp, coach, 1);
      const code = codeIn(smtp, coach);
      // The link in the same mail goes back to the page that asked.
      expect(linkIn(smtp, coach).startsWith(`${url}/staff/sign-in/?next=%2Fstaff%2Flead%2F%3Fid%3DC-0000000001#token=`)).toBe(true);

      // Another browser, the mail app's, has no request: the code does nothing there.
      const mailApp = browserAt(url, "2001:db8:55::3");
      const elsewhere = await mailApp.post("sign-in-code", { code });
      expect(elsewhere.status).toBe(410);
      expect(elsewhere.body?.error).toMatch(/this browser.*new one/i);
      // A wrong code, here and on the stranger's request: the same answer.
      const wrongHere = await phone.post("sign-in-code", { code: otherThan(code) });
      const wrongThere = await stranger.post("sign-in-code", { code: otherThan(code) });
      expect([wrongHere.status, wrongHere.body]).toEqual([400, { error: `That code is not right. ${CODE_TRIES - 1} tries left.` }]);
      expect([wrongThere.status, wrongThere.body]).toEqual([wrongHere.status, wrongHere.body]);
      // Not six digits: said so, and no try spent.
      expect((await phone.post("sign-in-code", { code: "12345" })).status).toBe(422);
      // The right code, typed with a space as the mail's reader might: signed in, this browser remembered, the request gone.
      const signedIn = await phone.post("sign-in-code", { code: ` ${code.slice(0, 3)} ${code.slice(3)} ` });
      expect([signedIn.status, signedIn.body]).toEqual([200, { email: coach, role: "coach" }]);
      expect(setCookie(signedIn.response, "__Host-staff")).toMatch(
        /^__Host-staff=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
      );
      expect(setCookie(signedIn.response, "__Host-staff-device")).toMatch(/^__Host-staff-device=[A-Za-z0-9_-]{43}; Max-Age=31536000;/);
      expect(setCookie(signedIn.response, "__Host-staff-sign-in")).toMatch(
        /^__Host-staff-sign-in=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
      );
      const session = phone.jar.get("__Host-staff") ?? "";
      expect((await fetch(`${url}/api/staff/session`, { headers: { Cookie: cookieOf(session) } })).status).toBe(200);
      expect(await onServerStore((store) => store.deviceOwner(hashToken(phone.jar.get("__Host-staff-device") ?? ""), new Date()))).toBe(
        coach,
      );
      // Replayed, by the same browser with its old request cookie, or once its link is spent: nothing.
      const replay = browserAt(url);
      replay.jar.set("__Host-staff-sign-in", request?.split(";")[0]?.split("=")[1] ?? "");
      expect((await replay.post("sign-in-code", { code })).status).toBe(410);
      const spent = await fetch(`${url}/api/staff/sign-in-link`, {
        method: "POST",
        headers: { ...json, Origin: url },
        body: JSON.stringify({ token: linkIn(smtp, coach).split("#token=")[1] }),
      });
      expect(spent.status).toBe(410);

      // Wrong codes count down; past the last try even the right code needs a new request. The link still works.
      const laptop = browserAt(url, "2001:db8:55::4");
      await laptop.post("sign-in", { email: coach });
      await waitForMail(smtp, coach, 2);
      const second = codeIn(smtp, coach);
      for (let left = CODE_TRIES - 1; left > 0; left--)
        expect((await laptop.post("sign-in-code", { code: otherThan(second, left) })).body?.error).toBe(
          `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`,
        );
      const last = await laptop.post("sign-in-code", { code: otherThan(second, 99) });
      expect([last.status, last.body?.error]).toEqual([
        400,
        "That code is not right, and that was the last try. Ask for a new code below.",
      ]);
      const spentTries = await laptop.post("sign-in-code", { code: second });
      expect([spentTries.status, spentTries.body?.error]).toEqual([429, "Too many wrong codes. Ask for a new code below."]);
      // ...and a code from another request (the first mail's, or the next one's in another browser) does nothing here.
      await laptop.post("sign-in", { email: coach });
      await waitForMail(smtp, coach, 3);
      const third = codeIn(smtp, coach);
      if (second !== third) expect((await laptop.post("sign-in-code", { code: second })).status).toBe(400);
      expect((await laptop.post("sign-in-code", { code: third })).body).toEqual({ email: coach, role: "coach" });
      expect(server.output()).not.toContain(code);
      expect(server.output()).not.toContain(coach);
    });

    test("guessing codes for someone else's address is hopeless: tries are counted per address, and the owner's known browser keeps its own", async () => {
      const url = server.url;
      const owner = "owner-codes@gym.example";
      await onServerStore((store) => store.addStaff(owner, "owner", new Date()));
      // The owner signs in once on their laptop by link, which remembers it.
      const laptop = browserAt(url, "2001:db8:56::1");
      await laptop.post("sign-in", { email: owner });
      await waitForMail(smtp, owner, 1);
      expect((await laptop.post("sign-in-link", { token: linkIn(smtp, owner).split("#token=")[1] })).status).toBe(200);

      // A stranger asks for the owner's address from browser after browser: each request's tries, together capped for the address.
      let guesses = 0;
      let mails = 1;
      let refused: { status: number; body: { error?: string } | null } | undefined;
      for (let n = 0; !refused && n < 10; n++) {
        const attacker = browserAt(url, `2001:db8:57:${n}::1`);
        expect((await attacker.post("sign-in", { email: owner })).status).toBe(202);
        await waitForMail(smtp, owner, ++mails);
        for (let i = 0; i < CODE_TRIES; i++) {
          const tried = await attacker.post("sign-in-code", { code: otherThan(codeIn(smtp, owner), 1 + i) });
          if (tried.status === 429) {
            refused = tried;
            break;
          }
          guesses += 1;
        }
      }
      expect(guesses).toBe(CODE_LIMITS.perAddress);
      expect(refused?.body?.error).toBe("Too many wrong codes for this address lately. Use the link in the e-mail instead.");
      // Even the right code is refused to a browser that is not the owner's now...
      const fresh = browserAt(url, "2001:db8:57:ff::1");
      await fresh.post("sign-in", { email: owner });
      await waitForMail(smtp, owner, ++mails);
      expect((await fresh.post("sign-in-code", { code: codeIn(smtp, owner) })).status).toBe(429);
      // ...but the owner's known browser has tries of its own, which no stranger can spend.
      const sessionBefore = laptop.jar.get("__Host-staff");
      await laptop.post("sign-in", { email: owner });
      await waitForMail(smtp, owner, ++mails);
      expect((await laptop.post("sign-in-code", { code: otherThan(codeIn(smtp, owner)) })).status).toBe(400);
      expect((await laptop.post("sign-in-code", { code: codeIn(smtp, owner) })).body).toEqual({ email: owner, role: "owner" });
      expect(laptop.jar.get("__Host-staff")).not.toBe(sessionBefore);
    });

    test("the page to go back to stays in the console: anything else is left out of the link", async () => {
      const url = server.url;
      const coach = "nora@gym.example";
      await onServerStore((store) => store.addStaff(coach, "coach", new Date()));
      let count = 0;
      // Each from a connection of its own: six requests are past one connection's share of an address.
      const ask = (next: unknown) => browserAt(url, `2001:db8:58:${count}::1`).post("sign-in", { email: coach, next });
      for (const next of ["https://attacker.example/", "//attacker.example/staff/", "/staff/../admin/", "/contact/", 42]) {
        expect((await ask(next)).status).toBe(202);
        await waitForMail(smtp, coach, ++count);
        expect(linkIn(smtp, coach), String(next)).toMatch(new RegExp(`^${url}/staff/sign-in/#token=`));
      }
      expect((await ask("/staff/intros/")).status).toBe(202);
      await waitForMail(smtp, coach, ++count);
      expect(linkIn(smtp, coach)).toMatch(new RegExp(`^${url}/staff/sign-in/\\?next=%2Fstaff%2Fintros%2F#token=`));
      // A code from another site's page carries no request cookie and no Origin of ours: refused before anything is counted.
      const foreign = await fetch(`${url}/api/staff/sign-in-code`, {
        method: "POST",
        headers: { ...json, Origin: "https://attacker.example" },
        body: JSON.stringify({ code: "123456" }),
      });
      expect(foreign.status).toBe(403);
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
