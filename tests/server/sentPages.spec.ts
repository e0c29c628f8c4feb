import { expect, test } from "@playwright/test";
import ICAL from "ical.js";
import visit from "../../content/visit.json";
import { addDays, formatLongDate } from "../../src/content/dates";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import type { IntroSlot } from "../../src/intro/availability";
import { BUILD_DAY, BUILD_DAY_SERVER_ENV, nowOnBuildDay } from "../support/buildDay";
import { startTestPostgres } from "../support/postgres";
import { startProductionServer, type RunningServer } from "../support/servers";
import { startTestSmtp } from "../support/smtp";
import { withStore } from "../support/staff";
import { site } from "../e2e/support/site";
import { dayLabel, timeLabel } from "../../src/time/labels";

/**
 * The page a form sent without JavaScript is redirected to (src/server/forms/handler.ts, sentPage):
 * its address holds the reference and a key made for that send, and its words come from the stored
 * submission, which only that key opens, for an hour, as it opens the free intro's calendar file
 * (GET /api/intro-calendar). Nothing else in the address is read, so nobody can make the gym's site say
 * what they like.
 */

const NO_LIMITS = { FORM_RATE_LIMIT_PER_MINUTE: "1000", FORM_CEILING_PER_MINUTE: "1000", INTRO_BOOKINGS_PER_CLIENT_PER_DAY: "100" };
const KEY = /^[A-Za-z0-9_-]{43}$/;

/** A form posted the browser's way (urlencoded, no script): the answer, not followed. */
function postPlain(base: string, form: string, fields: Record<string, string>) {
  return fetch(`${base}/api/${form}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/** The confirmation's address: the names in its query, and the reference and key. */
function redirectOf(answer: Response, form: string) {
  expect(answer.status, `a ${form} sent without JavaScript is stored`).toBe(303);
  const location = new URL(answer.headers.get("location") ?? "", "http://site.example");
  expect(location.pathname).toBe(`/api/${form}`);
  return {
    names: [...location.searchParams.keys()].sort(),
    sent: location.searchParams.get("sent") ?? "",
    path: location.pathname + location.search,
  };
}

/** The text of the confirmation on the page at `path` (its heading, paragraphs and reference). */
async function confirmationText(base: string, path: string): Promise<string> {
  const answer = await fetch(`${base}${path}`);
  expect(answer.status, path).toBe(200);
  // A link followed from it tells the next page the site's origin only, never the key.
  expect(answer.headers.get("referrer-policy")).toBe("strict-origin");
  const html = await answer.text();
  // The message ends with a paragraph (its facts' list holds divs of its own).
  const message = /<div[^>]*data-testid="form-success"[^>]*>([\s\S]*?<\/p>)<\/div>/.exec(html)?.[1];
  expect(message, `${path} shows a confirmation`).toBeDefined();
  return message!
    .replace(/<\/(h2|p|dd)>/g, "\n")
    .replace(/<\/dt>/g, ": ")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&nbsp;/g, " ")
    .trim();
}

/** A booking sent by the page's script (JSON): its status and answer. */
async function bookJson(base: string, start: string, email: string) {
  const answer = await fetch(`${base}/api/intro`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ start, name: "Kim Visitor", email, elapsedMs: MIN_FILL_MS + 2000 }),
  });
  const body = (await answer.json()) as { id: string; calendar: string };
  expect(body.id).toMatch(/^B-[0-9A-Z]{10}$/);
  return { status: answer.status, ...body };
}

/** One start per time, from the open ones the server offers now. */
async function openStarts(base: string): Promise<string[]> {
  const { slots } = (await (await fetch(`${base}/api/intro-slots`)).json()) as { slots: IntroSlot[] };
  return [...new Set(slots.map((slot) => slot.start))];
}

for (const database of ["SQLite", "PostgreSQL"] as const) {
  test.describe(`forms sent without JavaScript, on ${database}`, () => {
    let server: RunningServer | undefined;
    test.afterEach(async () => {
      await server?.stop();
      server = undefined;
    });

    test("a booking's page names its day, time and coach; an address that holds one is told so; only the send's key shows either", async () => {
      const pg = database === "PostgreSQL" ? await startTestPostgres() : null;
      test.skip(database === "PostgreSQL" && !pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
      const smtp = await startTestSmtp();
      try {
        const env = {
          ...NO_LIMITS,
          ...BUILD_DAY_SERVER_ENV,
          SMTP_URL: smtp.url,
          STAFF_EMAIL: "coaches@gym.example",
          ...(pg ? { DATABASE_URL: await pg.createDatabase() } : {}),
        };
        server = await startProductionServer({ env });
        const base = server.url;
        const [a, b, c] = (await openStarts(base)).slice(-3);
        const book = (start: string, email: string) => postPlain(base, "intro", { start, name: "Kim Visitor", email, website: "" });

        // Kim books; asks for another time (nothing booked: Kim holds one); Lee books. Each answer is the
        // same redirect: a reference and a key, nothing about the address in it.
        const sends = [
          { start: a!, email: "kim@example.com", answer: redirectOf(await book(a!, "kim@example.com"), "intro") },
          { start: b!, email: "kim@example.com", answer: redirectOf(await book(b!, "kim@example.com"), "intro") },
          { start: c!, email: "lee@example.com", answer: redirectOf(await book(c!, "lee@example.com"), "intro") },
        ];
        for (const { answer } of sends) {
          expect(answer.names).toEqual(["key", "sent"]);
          expect(answer.sent).toMatch(/^B-[0-9A-Z]{10}$/);
          expect(new URLSearchParams(answer.path.split("?")[1]).get("key")).toMatch(KEY);
        }
        const [kim, kimAgain, lee] = await Promise.all(sends.map(({ answer }) => confirmationText(base, answer.path)));
        const bookings = await withStore(server.dataDir, (store) => store.upcomingIntros(new Date(0)), env.DATABASE_URL);
        const coachOf = (reference: string) => bookings.find((booking) => booking.submission.id === reference)?.coach;

        // A booking's page says so plainly, with the day, time and coach the store holds, and where to go.
        const booked = (start: string, reference: string) =>
          `You're booked: ${dayLabel(start, site.timeZone)} at ${timeLabel(start, site.timeZone)} with Coach ${coachOf(reference)}`;
        expect(kim).toContain(booked(a!, sends[0]!.answer.sent));
        expect(lee).toContain(booked(c!, sends[2]!.answer.sent));
        for (const text of [kim, lee]) {
          expect(text).toContain(site.address.street);
          expect(text).toContain(visit.door);
          expect(text).toContain(visit.parking);
          expect(text).toContain("Add to calendar");
        }
        expect(kim).toContain(sends[0]!.answer.sent);
        // Two bookings' pages are the same words around their own facts.
        const words = (text: string, i: number) =>
          text
            .replace(booked(sends[i]!.start, sends[i]!.answer.sent), "<booked>")
            .replace(sends[i]!.email, "<email>")
            .replace(sends[i]!.answer.sent, "<reference>");
        expect(words(lee!, 2)).toBe(words(kim!, 0));

        // The address that holds one: told so, with no time and no calendar file (its e-mail has them).
        expect(kimAgain).toContain("This e-mail address already has a free intro booked");
        expect(kimAgain).toContain("this time was not booked");
        expect(kimAgain).toContain(sends[1]!.answer.sent);
        expect(kimAgain).not.toContain("You're booked");
        expect(kimAgain).not.toContain(dayLabel(a!, site.timeZone));
        expect(kimAgain).not.toContain(dayLabel(b!, site.timeZone));
        expect(kimAgain).not.toContain("Add to calendar");

        // The reference without its key, with a made-up time and answer, or with another send's key,
        // says nothing of any booking: no time, no coach, no reference, nothing from the address.
        const [first, second] = sends;
        const made = "2031-03-04T17:00:00.000Z";
        const secondKey = new URLSearchParams(second!.answer.path.split("?")[1]).get("key") ?? "";
        const strangers = [
          `/api/intro?sent=${first!.answer.sent}`,
          `/api/intro?sent=${first!.answer.sent}&start=${made}&confirmation=no`,
          `/api/intro?sent=${first!.answer.sent}&key=${secondKey}`,
          `/api/intro?sent=${first!.answer.sent}&key=${"A".repeat(43)}`,
        ];
        for (const path of strangers) {
          const text = await confirmationText(base, path);
          expect(text, path).not.toMatch(/You're booked|already has|Coach/);
          expect(text, path).not.toContain(dayLabel(made, site.timeZone));
          expect(text, path).not.toContain(dayLabel(first!.start, site.timeZone));
          expect(text, path).not.toContain(first!.answer.sent);
        }

        // An hour after the send its key opens nothing more.
        await server.stop();
        const later = new Date(nowOnBuildDay().getTime() + 61 * 60_000).toISOString();
        server = await startProductionServer({ dataDir: server.dataDir, env: { ...env, TEST_SERVER_TIME: later } });
        const expired = await confirmationText(server.url, first!.answer.path);
        expect(expired).not.toContain("You're booked");
        expect(expired).not.toContain(first!.answer.sent);
      } finally {
        await server?.stop();
        server = undefined;
        await smtp.stop();
        pg?.stop();
      }
    });

    test("the calendar file opens with its send's key for an hour: the booking's appointment, and nothing else", async () => {
      const pg = database === "PostgreSQL" ? await startTestPostgres() : null;
      test.skip(database === "PostgreSQL" && !pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
      try {
        const env = { ...NO_LIMITS, ...BUILD_DAY_SERVER_ENV, ...(pg ? { DATABASE_URL: await pg.createDatabase() } : {}) };
        server = await startProductionServer({ env });
        const base = server.url;
        const [a, b, c] = (await openStarts(base)).slice(-3);
        // With the page's script: the answer carries the file's address. Without it: the page links to it.
        const answer = await bookJson(base, a!, "ana@example.com");
        expect(answer).toMatchObject({
          booked: { coach: expect.any(String) },
          calendar: expect.stringMatching(/^\/api\/intro-calendar\?/),
        });
        const plain = redirectOf(
          await postPlain(base, "intro", { start: b!, name: "Bo Visitor", email: "bo@example.com", website: "" }),
          "intro",
        );
        const page = await (await fetch(`${base}${plain.path}`)).text();
        const linked = /href="(\/api\/intro-calendar\?[^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, "&");
        expect(linked, "the page links to its calendar file").toBeDefined();
        const held = redirectOf(
          await postPlain(base, "intro", { start: c!, name: "Bo Again", email: "bo@example.com", website: "" }),
          "intro",
        );

        for (const [path, start, reference] of [
          [answer.calendar, a!, answer.id],
          [linked!, b!, plain.sent],
        ] as const) {
          const file = await fetch(`${base}${path}`);
          expect(file.status, path).toBe(200);
          expect(file.headers.get("content-type")).toMatch(/^text\/calendar; charset=utf-8/);
          expect(file.headers.get("content-disposition")).toBe('attachment; filename="free-intro.ics"');
          expect(file.headers.get("cache-control")).toContain("no-store");
          const event = new ICAL.Event(new ICAL.Component(ICAL.parse(await file.text())).getFirstSubcomponent("vevent")!);
          expect(event.startDate.toJSDate().toISOString()).toBe(start);
          // The same event as the e-mail's file: a calendar that has both keeps one.
          expect(event.uid).toBe(`${reference.toLowerCase()}@${new URL(site.url).host}`);
          expect(event.location).toContain(site.address.street);
          // What the page shows, and nothing the visitor typed.
          expect(event.description).not.toMatch(/Ana|Bo Visitor|@example\.com/);
        }

        // Another send's key, a made-up one, none, or the key of a request that booked nothing: no file.
        const keyOf = (path: string) => new URLSearchParams(path.split("?")[1]).get("key") ?? "";
        const heldKey = keyOf(held.path);
        for (const path of [
          `/api/intro-calendar?sent=${answer.id}&key=${keyOf(linked!)}`,
          `/api/intro-calendar?sent=${answer.id}&key=${"A".repeat(43)}`,
          `/api/intro-calendar?sent=${answer.id}`,
          `/api/intro-calendar?sent=${held.sent}&key=${heldKey}`,
          `/api/intro-calendar?sent=C-0123456789&key=${keyOf(answer.calendar)}`,
        ]) {
          const refused = await fetch(`${base}${path}`);
          expect(refused.status, path).toBe(404);
          // A person follows this link: the answer is a sentence to read, not JSON.
          expect(refused.headers.get("content-type"), path).toBe("text/plain; charset=utf-8");
          expect(await refused.text(), path).toMatch(/calendar file is attached to your confirmation e-mail/);
        }
        expect((await fetch(`${base}${answer.calendar}`, { method: "POST", headers: { Origin: base } })).status).toBe(405);

        // A booking cancelled since has no file to add.
        await withStore(server.dataDir, (store) => store.cancelBooking(plain.sent, new Date()), env.DATABASE_URL);
        const cancelled = await fetch(`${base}${linked!}`);
        expect(cancelled.status).toBe(410);
        expect(await cancelled.text()).toMatch(/cancelled/);

        // An hour after the send its key opens nothing more.
        await server.stop();
        const later = new Date(nowOnBuildDay().getTime() + 61 * 60_000).toISOString();
        server = await startProductionServer({ dataDir: server.dataDir, env: { ...env, TEST_SERVER_TIME: later } });
        expect((await fetch(`${server.url}${answer.calendar}`)).status).toBe(404);
      } finally {
        await server?.stop();
        server = undefined;
        pg?.stop();
      }
    });

    test("the enhanced form's answer names the booking, the same for an address mailed about one within the hour", async () => {
      const pg = database === "PostgreSQL" ? await startTestPostgres() : null;
      test.skip(database === "PostgreSQL" && !pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
      const smtp = await startTestSmtp();
      try {
        const databaseUrl = pg ? await pg.createDatabase() : undefined;
        server = await startProductionServer({
          env: {
            ...NO_LIMITS,
            SMTP_URL: smtp.url,
            STAFF_EMAIL: "coaches@gym.example",
            ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          },
        });
        const base = server.url;
        const [a, b, c, d] = (await openStarts(base)).slice(-4);
        // Kim books (mailed), cancels, and books again within the hour (not mailed: one e-mail an hour);
        // Lee books (mailed). Then Kim, who holds an intro, asks for another.
        const kim = await bookJson(base, a!, "kim@example.com");
        await withStore(server.dataDir, (store) => store.cancelBooking(kim.id, new Date()), databaseUrl);
        const answers = [await bookJson(base, b!, "kim@example.com"), await bookJson(base, c!, "lee@example.com")];
        for (const [answer, start] of [
          [answers[0]!, b!],
          [answers[1]!, c!],
        ] as const) {
          expect(Object.keys(answer).sort()).toEqual(["booked", "calendar", "confirmation", "id", "status"]);
          expect(answer).toMatchObject({
            status: 201,
            confirmation: true,
            booked: { day: dayLabel(start, site.timeZone), time: timeLabel(start, site.timeZone) },
          });
        }
        expect(await bookJson(base, d!, "kim@example.com")).toEqual({
          status: 201,
          id: expect.any(String),
          confirmation: true,
          held: true,
        });
        await expect.poll(() => smtp.received.filter((mail) => mail.to.includes("lee@example.com")).length, { timeout: 15_000 }).toBe(1);
      } finally {
        await server?.stop();
        server = undefined;
        await smtp.stop();
        pg?.stop();
      }
    });

    test("a hold's and a drop-in's confirmations say what was stored, and nothing an address makes up", async () => {
      const pg = database === "PostgreSQL" ? await startTestPostgres() : null;
      test.skip(database === "PostgreSQL" && !pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
      try {
        server = await startProductionServer({
          env: { ...NO_LIMITS, ...BUILD_DAY_SERVER_ENV, ...(pg ? { DATABASE_URL: await pg.createDatabase() } : {}) },
        });
        const base = server.url;
        const hold = redirectOf(
          await postPlain(base, "membership-hold", {
            type: "hold",
            name: "Jo Member",
            email: "jo@example.com",
            holdStart: addDays(BUILD_DAY, 8),
            holdEnd: addDays(BUILD_DAY, 21),
            reason: "Three weeks abroad",
            acknowledged: "on",
            website: "",
          }),
          "membership-hold",
        );
        expect(hold.names).toEqual(["key", "sent"]);
        expect(await confirmationText(base, hold.path)).toContain("Your hold request is in");
        // Someone else's address for it cannot turn the hold into a cancellation.
        const forgedHold = await confirmationText(base, `/api/membership-hold?sent=${hold.sent}&type=cancel`);
        expect(forgedHold).not.toMatch(/cancellation|hold request/);
        expect(forgedHold).not.toContain(hold.sent);

        const visitDate = addDays(BUILD_DAY, 7);
        const dropIn = redirectOf(
          await postPlain(base, "drop-in", {
            visitDate,
            name: "Vic Visitor",
            email: "vic@example.com",
            ageGroup: "18+",
            waiverAccepted: "on",
            website: "",
          }),
          "drop-in",
        );
        expect(dropIn.names).toEqual(["key", "sent"]);
        expect(await confirmationText(base, dropIn.path)).toContain(`See you on ${formatLongDate(visitDate)}`);
        const forgedDropIn = await confirmationText(base, `/api/drop-in?sent=${dropIn.sent}&visitDate=2031-01-01`);
        expect(forgedDropIn).not.toContain(formatLongDate("2031-01-01"));
        expect(forgedDropIn).not.toContain(formatLongDate(visitDate));
      } finally {
        await server?.stop();
        server = undefined;
        pg?.stop();
      }
    });
  });
}
