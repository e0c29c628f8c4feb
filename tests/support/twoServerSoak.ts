import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { addDays, weekdayOf } from "../../src/content/dates";
import { joinablePlans } from "../../src/forms/signup/rules";
import { addressKey } from "../../src/forms/addressKey";
import { ANSWER_FORMS } from "../../src/desk/instantAnswers";
import type { IntroSlot } from "../../src/intro/availability";
import { dropInDays, rates, site, waiver } from "../../src/server/content";
import { LINK_LIMITS } from "../../src/server/staff/routes/signIn";
import { startTestPostgres, type TestPostgres } from "./postgres";
import { groupRssMb, startProductionServer, type RunningServer } from "./servers";
import { startTestSmtp, type TestSmtp } from "./smtp";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../src/server/app/store";
import { zonedToday } from "../../src/time/today";

/**
 * Two production servers on one PostgreSQL database, as a gym that outgrew one process runs them behind
 * nginx (or, on one host, on one SQLite file), under the mixed load of the soak: every form valid and invalid (JSON and sent without script),
 * oversized, wrong type, a client past its rate limit, staff sign-in requests, pages, spread over both
 * servers. Before it, three checks that only hold if the servers share the store: one client's rate
 * limit, one connection's daily bookings, and one slot booked from both at once. Then it counts what
 * was acknowledged against what is stored, and the mails the loopback SMTP server got against what the
 * store and the answers say each should get. Used by tests/server/twoServers.spec.ts (asserts) and
 * `npm run bench:soak -- --two-servers` (prints).
 */

/**
 * The servers' clock: a Monday half an hour after the gym opens (content/site.json), so the morning
 * digest is due, the gym is open for reminders, and the 12-hour notice leaves most of the week's intros.
 */
export const SOAK_TIME = "2026-11-30T13:30:00Z";
/** Leads left unanswered since the Wednesday before: each is owed one reminder when the servers start. */
const SEEDED_AT = new Date("2026-11-25T18:00:00Z");
const SEEDED_LEADS = 30;
const OWNER = "owner@gym.example";
const STAFF_EMAIL = "coaches@gym.example";
/** FORM_RATE_LIMIT_PER_MINUTE and INTRO_BOOKINGS_PER_CLIENT_PER_DAY as the servers run (their defaults). */
const RATE_LIMIT = 10;
const BOOKINGS_PER_DAY = 3;
/** Bookings of one slot sent at once, half to each server. */
const RACERS = 20;

export interface SoakOptions {
  /** The store both servers share: one PostgreSQL database, or one SQLite file (one host). */
  database: "PostgreSQL" | "SQLite";
  requests: number;
  concurrency: number;
  log?: (line: string) => void;
  /** More settings for both servers (NODE_OPTIONS for a profile, say). */
  env?: Record<string, string>;
}

/** The mails one kind should get: the keys (references, or a count where there is no reference), and what came. */
export interface MailCount {
  kind: string;
  expected: number;
  /** Mails received of this kind. */
  received: number;
  /** Expected keys with no mail. */
  missing: string[];
  /** Keys mailed more than once, and Message-IDs received twice. */
  duplicated: string[];
  /** Keys mailed that nothing expected. */
  unexpected: string[];
}

export interface SoakFigures {
  database: SoakOptions["database"];
  requests: number;
  concurrency: number;
  seconds: number;
  statuses: Record<number, number>;
  fiveXx: number;
  unanswered: number;
  /** Distinct references acknowledged (201, or 303 to a sent page). */
  acknowledged: number;
  /** Of those, stored exactly once; and rows stored that no answer acknowledged. */
  storedOnce: number;
  storedNotAcknowledged: number;
  /** Sends of one no-script form to both servers at once: each pair must get one reference. */
  doubleSends: number;
  doubleSendsStoredOnce: number;
  mails: MailCount[];
  /** One client's requests, alternating between the servers: refused past the limit, not twice it. */
  rateLimit: { sent: number; accepted: number; limit: number };
  bookingLimit: { sent: number; booked: number; limit: number };
  racedSlot: { sent: number; won: number; statuses: Record<number, number> };
  /** Resident memory of each server's processes at the end, MB. */
  rssMb: [number, number];
  /** Lines of the servers' logs that name a failure of the store, the outbox or the queueing of reminders. */
  serverErrors: string[];
}

const today = zonedToday(new Date(SOAK_TIME), site.timeZone).date;

/** The first day on or after `from` with a drop-in class (content/schedule.json). */
function dropInDay(from: string): string {
  let day = from;
  while (!dropInDays.includes(weekdayOf(day))) day = addDays(day, 1);
  return day;
}

const plan = joinablePlans(rates.plans).find((p) => p.program !== "kids");
if (!plan) throw new Error("content/rates.json has no plan for adults");

/** A client address of its own for request i (198.18.0.0/15, the benchmarking range): no limit is shared by accident. */
const client = (i: number) => `198.${18 + ((i >> 16) & 1)}.${(i >> 8) & 255}.${i & 255}`;
const person = (i: number) => ({ name: `Soak Visitor ${i}`, email: `visitor${i}@example.com` });

const valid = {
  contact: (i: number) => ({ ...person(i), interest: "general", message: `Question ${i}`, elapsedMs: 9000 }),
  signup: (i: number) => ({
    firstName: "Soak",
    lastName: `Member ${i}`,
    email: person(i).email,
    phone: "253-555-0100",
    dateOfBirth: "1990-05-01",
    plan: plan.id,
    startDate: addDays(today, 7),
    emergencyContactName: "Pat Member",
    emergencyContactPhone: "253-555-0101",
    waiverAccepted: true,
    waiverVersion: waiver.version,
    elapsedMs: 9000,
  }),
  hold: (i: number) => ({
    ...person(i),
    type: "hold",
    holdStart: addDays(today, 14),
    holdEnd: addDays(today, 43),
    reason: "Travel",
    acknowledged: true,
    elapsedMs: 9000,
  }),
  cancel: (i: number) => ({
    ...person(i),
    type: "cancel",
    cancelDate: addDays(today, 45),
    reason: "Moving",
    acknowledged: true,
    elapsedMs: 9000,
  }),
  dropIn: (i: number) => ({
    ...person(i),
    visitDate: dropInDay(addDays(today, 3)),
    affiliate: "CrossFit Hilo",
    ageGroup: "18+",
    waiverAccepted: true,
    waiverVersion: waiver.version,
    elapsedMs: 9000,
  }),
  privacy: (i: number) => ({ ...person(i), request: "access", elapsedMs: 9000 }),
  intro: (i: number, start: string) => ({ ...person(i), start, phone: "253-555-0100", goals: "A first pull-up", elapsedMs: 9000 }),
};

/** What one request is, and how its answer is read. */
interface Shot {
  to: 0 | 1;
  method: "GET" | "POST";
  path: string;
  client: string;
  type?: string;
  body?: string;
  origin?: boolean;
  /** The form, when an acknowledgement stores a submission; "spam" when it is stored as spam. */
  form?: string;
  spam?: boolean;
}

interface Answer {
  shot: Shot;
  status: number;
  /** The reference acknowledged: a 201's id, or the sent page a 303 points to. */
  reference?: string;
  /** A booking's answer: whether its confirmation was queued. */
  confirmation?: boolean;
}

async function send(servers: readonly RunningServer[], shot: Shot): Promise<Answer | null> {
  const server = servers[shot.to] as RunningServer;
  try {
    const response = await fetch(`${server.url}${shot.path}`, {
      method: shot.method,
      redirect: "manual",
      headers: {
        ...(shot.type ? { "Content-Type": shot.type } : {}),
        "X-Forwarded-For": shot.client,
        ...(shot.origin ? { Origin: server.url } : {}),
      },
      body: shot.body,
    });
    const text = await response.text();
    const answer: Answer = { shot, status: response.status };
    if (response.status === 201 && shot.form) {
      const body = JSON.parse(text) as { id?: string; confirmation?: boolean };
      answer.reference = body.id;
      answer.confirmation = body.confirmation;
    }
    if (response.status === 303) answer.reference = /[?&]sent=([^&]+)/.exec(response.headers.get("location") ?? "")?.[1];
    return answer;
  } catch {
    return null;
  }
}

const post = (to: 0 | 1, path: string, client: string, body: unknown, form?: string): Shot => ({
  to,
  method: "POST",
  path,
  client,
  type: "application/json",
  body: JSON.stringify(body),
  form,
});

const PAGES = [
  "/",
  "/schedule/",
  "/contact/",
  "/rates/",
  "/no-such-page/",
  "/page-data/index/page-data.json",
  "/api/intro-slots",
  "/api/intro",
];

/** The mix, 20 kinds of request in turn; `slots` are the intro times the soak's bookings ask for, in turn. */
function shots(i: number, slots: readonly IntroSlot[]): Shot[] {
  const to = (i % 2) as 0 | 1;
  const at = client(i);
  const n = Math.floor(i / 20);
  switch (i % 20) {
    case 0:
      return [post(to, "/api/contact", at, valid.contact(i), "contact")];
    case 1:
      return [post(to, "/api/signup", at, valid.signup(i), "signup")];
    case 2:
      return [post(to, "/api/membership-hold", at, valid.hold(i), "membership-hold")];
    case 3:
      return [post(to, "/api/membership-hold", at, valid.cancel(i), "membership-hold")];
    case 4:
      return [post(to, "/api/drop-in", at, valid.dropIn(i), "drop-in")];
    case 5:
      return [post(to, "/api/intro", at, valid.intro(i, (slots[n % slots.length] as IntroSlot).start), "intro")];
    case 6:
      return [post(to, "/api/privacy-request", at, valid.privacy(i), "privacy-request")];
    case 7: {
      // A contact form sent without script; every fourth one twice at once, once to each server (a double tap
      // that nginx spread): the same reference for both, one row.
      const { name, email } = person(i);
      const body = new URLSearchParams({ name, email, interest: "general", message: `Sent without script ${i}` }).toString();
      const shot: Shot = {
        to,
        method: "POST",
        path: "/api/contact",
        client: at,
        type: "application/x-www-form-urlencoded",
        body,
        form: "contact",
      };
      return n % 4 === 0 ? [shot, { ...shot, to: (1 - to) as 0 | 1 }] : [shot];
    }
    case 8:
      return [post(to, n % 2 ? "/api/signup" : "/api/contact", at, { firstName: "Soak", email: "nope", message: "" })];
    case 9: {
      const paths = ["/api/drop-in", "/api/membership-hold", "/api/intro", "/api/privacy-request"];
      return [post(to, paths[n % paths.length] as string, at, { name: "", email: "not-an-address" })];
    }
    case 10:
      return [post(to, "/api/contact", at, { ...valid.contact(i), message: "x".repeat(20_000) })];
    case 11:
      return n % 2
        ? [{ to, method: "POST", path: "/api/contact", client: at, type: "text/plain", body: "hello" }]
        : [
            {
              to,
              method: "POST",
              path: "/api/signup",
              client: at,
              type: "multipart/form-data; boundary=x",
              body: `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n${"y".repeat(4000)}\r\n--x--\r\n`,
            },
          ];
    case 12:
      return [{ to, method: "POST", path: "/api/contact", client: at, type: "application/json", body: '{"name": ' }];
    case 13:
    case 14:
      // One client far past its limit, on both servers.
      return [post(to, "/api/contact", "203.0.113.66", valid.contact(i), "contact")];
    case 15:
      return [{ ...post(to, "/api/staff/sign-in", at, { email: OWNER }), origin: true }];
    case 16:
      return [{ ...post(to, "/api/staff/sign-in", at, { email: `stranger${i}@example.com` }), origin: true }];
    case 17:
    case 18:
      return [{ to, method: "GET", path: PAGES[(2 * n + (i % 20) - 17) % PAGES.length] as string, client: at }];
    default:
      // Spam: the same 201, stored as spam, no mail.
      return [post(to, "/api/contact", at, { ...valid.contact(i), website: "http://buy.example" }, "contact")].map((s) => ({
        ...s,
        spam: true,
      }));
  }
}

const ANSWERED_FORMS: readonly string[] = ANSWER_FORMS;

/** Reads each mail's Message-ID (app/outbox.ts's writers): its kind and what it is about. */
function mailKey(messageId: string): { kind: string; key: string } {
  const id = messageId.replace(/^<|@[^@]*>$/g, "");
  let match: RegExpExecArray | null;
  if ((match = /^([A-Z]-[0-9A-Z]+)$/.exec(id))) return { kind: "staff alert", key: match[1] as string };
  if ((match = /^([A-Z]-[0-9A-Z]+)\.(confirmation|privacy-confirm|lead-reminder|instant-answer)$/.exec(id)))
    return { kind: match[2] === "lead-reminder" ? "lead reminder" : (match[2] as string), key: match[1] as string };
  if ((match = /^([A-Z]-[0-9A-Z]+)\.reminder\.\d+$/.exec(id))) return { kind: "intro reminder", key: match[1] as string };
  if (/^digest\.\d+$/.test(id)) return { kind: "digest", key: id };
  if (/^sign-in\.\d+$/.test(id)) return { kind: "sign-in", key: id };
  return { kind: "other", key: id };
}

/** The address a form's shot sent, as the store keys it (src/forms/addressKey.ts). */
function shotAddress(shot: Shot): string | undefined {
  if (!shot.body) return undefined;
  const email =
    shot.type === "application/x-www-form-urlencoded"
      ? new URLSearchParams(shot.body).get("email")
      : (JSON.parse(shot.body) as { email?: unknown }).email;
  return typeof email === "string" ? addressKey(email) : undefined;
}

function countMails(smtp: TestSmtp, expected: Record<string, string[] | number>): MailCount[] {
  const byKind = new Map<string, Map<string, number>>();
  const seenIds = new Map<string, number>();
  for (const mail of smtp.received) {
    const messageId = mail.header("Message-ID") ?? "";
    seenIds.set(messageId, (seenIds.get(messageId) ?? 0) + 1);
    const { kind, key } = mailKey(messageId);
    const keys = byKind.get(kind) ?? new Map<string, number>();
    keys.set(key, (keys.get(key) ?? 0) + 1);
    byKind.set(kind, keys);
  }
  const twice = [...seenIds].filter(([, times]) => times > 1).map(([id]) => id);
  const kinds = new Set([...Object.keys(expected), ...byKind.keys()]);
  return [...kinds].map((kind) => {
    const got = byKind.get(kind) ?? new Map<string, number>();
    const received = [...got.values()].reduce((sum, times) => sum + times, 0);
    const want = expected[kind] ?? [];
    const duplicated = [...twice.filter((id) => mailKey(id).kind === kind)];
    if (typeof want === "number") return { kind, expected: want, received, missing: [], duplicated, unexpected: [] };
    const wanted = new Set(want);
    return {
      kind,
      expected: wanted.size,
      received,
      missing: [...wanted].filter((key) => !got.has(key)),
      duplicated: [...duplicated, ...[...got].filter(([key, times]) => times > 1 && wanted.has(key)).map(([key]) => key)],
      unexpected: [...got.keys()].filter((key) => !wanted.has(key)),
    };
  });
}

/** The seeded store: the owner's account (the digest is theirs) and leads nobody has answered since Wednesday. */
async function seed(store: SubmissionStore): Promise<string[]> {
  await store.addStaff(OWNER, "owner", SEEDED_AT);
  const ids = Array.from({ length: SEEDED_LEADS }, (_, i) => `C-SEED${String(i).padStart(6, "0")}`);
  for (const [i, id] of ids.entries()) {
    await store.insert({
      id,
      form: "contact",
      createdAt: new Date(SEEDED_AT.getTime() + i * 60_000),
      payload: { name: `Waiting Lead ${i}`, email: `waiting${i}@example.com`, interest: "general", message: "Still there?" },
      spam: null,
      notify: false,
    });
  }
  return ids;
}

async function openSlots(server: RunningServer): Promise<IntroSlot[]> {
  const response = await fetch(`${server.url}/api/intro-slots`);
  if (response.status !== 200) throw new Error(`GET /api/intro-slots answered ${response.status}`);
  return ((await response.json()) as { slots: IntroSlot[] }).slots;
}

/**
 * Until nothing due is left in the outbox. Each server is nudged meanwhile, as further visitors would:
 * a sign-in request for an address that is no staff's starts an outbox pass and sends no mail. Fails
 * when the mail due stops going down for a minute.
 */
async function drainOutbox(store: SubmissionStore, servers: readonly RunningServer[], serverNow: () => Date): Promise<void> {
  let nudge = 0;
  let least = Infinity;
  let progressAt = Date.now();
  let emptySince: number | undefined;
  for (;;) {
    const now = serverNow().getTime();
    const due = (await store.outbox(["pending"])).filter((message) => (message.nextAttemptAt?.getTime() ?? 0) <= now).length;
    if (due < least) [least, progressAt] = [due, Date.now()];
    if (due > 0) emptySince = undefined;
    else if ((emptySince ??= Date.now()) < Date.now() - 1000) return;
    if (Date.now() - progressAt > 60_000) throw new Error(`${due} messages due in the outbox went nowhere for a minute`);
    for (const to of [0, 1] as const) {
      // 198.19.0.0/16: no address of the mix's, so no limit of theirs is spent here.
      const from = `198.19.${(nudge >> 8) & 255}.${nudge++ & 255}`;
      await send(servers, { ...post(to, "/api/staff/sign-in", from, { email: "nobody@example.com" }), origin: true });
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function twoServerSoak({
  database,
  requests,
  concurrency,
  log = () => undefined,
  env: extraEnv,
}: SoakOptions): Promise<SoakFigures> {
  const pg: TestPostgres | null = database === "PostgreSQL" ? await startTestPostgres() : null;
  if (database === "PostgreSQL" && !pg) throw new Error("PostgreSQL is not installed here (apt-get install -y postgresql)");
  // SQLite: both servers' DATA_DIR.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-two-servers-"));
  const smtp = await startTestSmtp();
  const servers: RunningServer[] = [];
  let store: SubmissionStore | undefined;
  try {
    const databaseUrl = await pg?.createDatabase();
    store = databaseUrl
      ? await openPostgresStore(databaseUrl)
      : openSqliteStore(path.join(dataDir, "submissions.sqlite"), { busyTimeoutMs: 5_000 });
    const seeded = await seed(store);
    const env = {
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      SMTP_URL: smtp.url,
      STAFF_EMAIL,
      TRUST_PROXY: "1",
      // Out of the way, so the one client past its rate limit is the only source of 429s in the mix.
      FORM_CEILING_PER_MINUTE: "1000000",
      FORM_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      INTRO_BOOKINGS_PER_CLIENT_PER_DAY: String(BOOKINGS_PER_DAY),
      LEAD_REMINDER_MINUTES: "15",
      MORNING_DIGEST: "on",
      NODE_ENV: "test",
      TEST_SERVER_TIME: SOAK_TIME,
      ...extraEnv,
    };
    // Both at once: each queues the reminders and the digest at its first outbox pass.
    log(`starting two production servers on one ${database} database...`);
    const startedAt = Date.now();
    servers.push(...(await Promise.all([startProductionServer({ env, dataDir }), startProductionServer({ env, dataDir })])));
    log(`both up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; the shared limits...`);
    const serverNow = () => new Date(Date.parse(SOAK_TIME) + (Date.now() - startedAt));
    const answers: Answer[] = [];
    const record = (answer: Answer | null) => {
      if (answer) answers.push(answer);
      return answer;
    };

    // One client, alternating servers: its limit, not twice it.
    const limited: number[] = [];
    for (let i = 0; i < 2 * RATE_LIMIT; i++) {
      const answer = record(await send(servers, post((i % 2) as 0 | 1, "/api/contact", "198.51.100.7", { name: "" })));
      limited.push(answer?.status ?? 0);
    }
    const slots = await openSlots(servers[0] as RunningServer);
    const starts = [...new Set(slots.map((slot) => slot.start))];
    // A start only one coach offers: a second booking of it has nowhere else to go.
    const single = starts.filter((start) => slots.filter((slot) => slot.start === start).length === 1);
    const raced = single[Math.floor(single.length / 2)];
    if (!raced) throw new Error("content/intro.json offers no start with a single coach");
    const forLimit = starts.filter((start) => start !== raced).slice(0, 2 * BOOKINGS_PER_DAY);
    // One connection, alternating servers: its bookings for the day, not twice them.
    const booked: number[] = [];
    for (const [i, start] of forLimit.entries()) {
      const answer = record(
        await send(servers, post((i % 2) as 0 | 1, "/api/intro", "198.51.100.8", valid.intro(900_000 + i, start), "intro")),
      );
      booked.push(answer?.status ?? 0);
    }
    // One slot, twenty visitors at once, half on each server.
    const race = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        send(servers, post((i % 2) as 0 | 1, "/api/intro", `198.51.101.${i}`, valid.intro(910_000 + i, raced), "intro")).then(record),
      ),
    );
    const raceStatuses: Record<number, number> = {};
    for (const answer of race) raceStatuses[answer?.status ?? 0] = (raceStatuses[answer?.status ?? 0] ?? 0) + 1;

    const pool = slots.filter((slot) => slot.start !== raced && !forLimit.includes(slot.start));
    log(`the mix: ${requests} requests, ${concurrency} at a time, over both servers...`);
    let next = 0;
    let sent = 0;
    let unanswered = 0;
    const soakStarted = performance.now();
    const worker = async () => {
      while (sent < requests) {
        const group = shots(next++, pool).slice(0, requests - sent);
        sent += group.length;
        for (const answer of await Promise.all(group.map((shot) => send(servers, shot)))) if (!record(answer)) unanswered += 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - soakStarted) / 1000;
    log(`answered in ${seconds.toFixed(0)} s; waiting for the outbox...`);
    const drainStarted = Date.now();
    await drainOutbox(store, servers, serverNow);
    log(`outbox empty ${((Date.now() - drainStarted) / 1000).toFixed(1)} s after the last answer`);
    const rssMb: [number, number] = [groupRssMb(servers[0]?.process.pid as number), groupRssMb(servers[1]?.process.pid as number)];

    const statuses: Record<number, number> = {};
    for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    const acknowledged = new Map<string, Answer>();
    for (const answer of answers) if (answer.reference) acknowledged.set(answer.reference, answer);
    const rows = await store.list({ includeSpam: true });
    const seededIds = new Set(seeded);
    const rowCount = new Map<string, number>();
    for (const row of rows) if (!seededIds.has(row.id)) rowCount.set(row.id, (rowCount.get(row.id) ?? 0) + 1);
    const doubles = answers.filter((a) => a.shot.type === "application/x-www-form-urlencoded");
    const byBody = new Map<string, Set<string | undefined>>();
    for (const answer of doubles)
      byBody.set(answer.shot.body as string, (byBody.get(answer.shot.body as string) ?? new Set()).add(answer.reference));
    const pairs = [...byBody].filter(([body]) => doubles.filter((a) => a.shot.body === body).length === 2);

    const real = [...acknowledged.values()].filter((answer) => !answer.shot.spam);
    const expected: Record<string, string[] | number> = {
      "staff alert": real.filter((a) => a.shot.form !== "privacy-request").map((a) => a.reference as string),
      "privacy-confirm": real.filter((a) => a.shot.form === "privacy-request").map((a) => a.reference as string),
      confirmation: real.filter((a) => a.confirmation === true).map((a) => a.reference as string),
      "lead reminder": seeded,
      digest: 1,
      // The owner's address past its hourly links from all connections together: the limit, not twice it.
      "sign-in": Math.min(LINK_LIMITS.perAddress, answers.filter((a) => a.shot.body === JSON.stringify({ email: OWNER })).length),
      "intro reminder": [],
      // One instant answer per address a day (leads/answerStore.ts), whichever of its forms came first.
      "instant-answer": new Set(real.filter((a) => ANSWERED_FORMS.includes(a.shot.form ?? "")).map((a) => shotAddress(a.shot))).size,
    };
    const output = servers.map((server) => server.output()).join("\n");
    return {
      database,
      requests: answers.length + unanswered,
      concurrency,
      seconds,
      statuses,
      fiveXx: answers.filter((a) => a.status >= 500).length,
      unanswered,
      acknowledged: acknowledged.size,
      storedOnce: [...acknowledged.keys()].filter((id) => rowCount.get(id) === 1).length,
      storedNotAcknowledged: [...rowCount.keys()].filter((id) => !acknowledged.has(id)).length,
      doubleSends: pairs.length,
      doubleSendsStoredOnce: pairs.filter(([, references]) => references.size === 1 && !references.has(undefined)).length,
      mails: countMails(smtp, expected),
      rateLimit: { sent: limited.length, accepted: limited.filter((status) => status !== 429).length, limit: RATE_LIMIT },
      bookingLimit: { sent: booked.length, booked: booked.filter((status) => status === 201).length, limit: BOOKINGS_PER_DAY },
      racedSlot: { sent: RACERS, won: raceStatuses[201] ?? 0, statuses: raceStatuses },
      rssMb,
      serverErrors: output.split("\n").filter((line) => /failed|could not|error/i.test(line)),
    };
  } finally {
    await store?.close();
    await Promise.all(servers.map((server) => server.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
    await smtp.stop();
    pg?.stop();
  }
}
