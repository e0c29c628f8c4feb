import { expect, test } from "@playwright/test";
import { addDays, formatLongDate } from "../../src/content/dates";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import type { IntroSlot } from "../../src/intro/availability";
import { whenLabel } from "../../src/intro/display";
import { BUILD_DAY, BUILD_DAY_SERVER_ENV, nowOnBuildDay } from "../support/buildDay";
import { startTestPostgres } from "../support/postgres";
import { startProductionServer, type RunningServer } from "../support/servers";
import { startTestSmtp } from "../support/smtp";
import { site } from "../e2e/support/site";

/**
 * The page a form sent without JavaScript is redirected to (src/server/forms/handler.ts, sentPage):
 * its address holds the reference and a key made for that send, and its words come from the stored
 * submission, which only that key opens, for an hour. Nothing else in the address is read, so it tells
 * nothing of what an e-mail address holds, and nobody can make the gym's site say what they like.
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
  const message = /<div[^>]*data-testid="form-success"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1];
  expect(message, `${path} shows a confirmation`).toBeDefined();
  return message!
    .replace(/<\/(h2|p)>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&nbsp;/g, " ")
    .trim();
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

    test("the free intro's answers have one shape whatever the address holds; only the send's key shows the stored time", async () => {
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

        // Kim books (and is mailed); asks again within the hour (nothing booked, and no mail: one an hour);
        // Lee books. Each answer is the same redirect: a reference and a key, nothing about the address.
        const sends = [
          { start: a!, answer: redirectOf(await book(a!, "kim@example.com"), "intro") },
          { start: b!, answer: redirectOf(await book(b!, "kim@example.com"), "intro") },
          { start: c!, answer: redirectOf(await book(c!, "lee@example.com"), "intro") },
        ];
        for (const { answer } of sends) {
          expect(answer.names).toEqual(["key", "sent"]);
          expect(answer.sent).toMatch(/^B-[0-9A-Z]{10}$/);
          expect(new URLSearchParams(answer.path.split("?")[1]).get("key")).toMatch(KEY);
        }
        // Each key shows its own send's time and reference, in the same words for all three.
        const shown = await Promise.all(sends.map(({ answer }) => confirmationText(base, answer.path)));
        const words = shown.map((text, i) => {
          const { start, answer } = sends[i]!;
          expect(text).toContain(`You chose ${whenLabel(start, site.timeZone)}.`);
          expect(text).toContain(answer.sent);
          return text.replace(whenLabel(start, site.timeZone), "<time>").replace(answer.sent, "<reference>");
        });
        expect(words[1]).toBe(words[0]);
        expect(words[2]).toBe(words[0]);

        // The reference without its key, with a made-up time and answer, or with another send's key,
        // says nothing of any booking: no time, no reference, nothing from the address.
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
          expect(text, path).not.toContain("You chose");
          expect(text, path).not.toContain(whenLabel(made, site.timeZone));
          expect(text, path).not.toContain(whenLabel(first!.start, site.timeZone));
          expect(text, path).not.toContain(first!.answer.sent);
        }

        // An hour after the send its key opens nothing more.
        await server.stop();
        const later = new Date(nowOnBuildDay().getTime() + 61 * 60_000).toISOString();
        server = await startProductionServer({ dataDir: server.dataDir, env: { ...env, TEST_SERVER_TIME: later } });
        const expired = await confirmationText(server.url, first!.answer.path);
        expect(expired).not.toContain("You chose");
        expect(expired).not.toContain(first!.answer.sent);
      } finally {
        await server?.stop();
        server = undefined;
        await smtp.stop();
        pg?.stop();
      }
    });

    test("the enhanced form's answer to a booking is the same for an address mailed about one within the hour", async () => {
      const pg = database === "PostgreSQL" ? await startTestPostgres() : null;
      test.skip(database === "PostgreSQL" && !pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
      const smtp = await startTestSmtp();
      try {
        server = await startProductionServer({
          env: {
            ...NO_LIMITS,
            SMTP_URL: smtp.url,
            STAFF_EMAIL: "coaches@gym.example",
            ...(pg ? { DATABASE_URL: await pg.createDatabase() } : {}),
          },
        });
        const base = server.url;
        const [a, b, c] = (await openStarts(base)).slice(-3);
        const book = async (start: string, email: string) => {
          const answer = await fetch(`${base}/api/intro`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ start, name: "Kim Visitor", email, elapsedMs: MIN_FILL_MS + 2000 }),
          });
          const { id, ...rest } = (await answer.json()) as { id?: string };
          expect(id).toMatch(/^B-[0-9A-Z]{10}$/);
          return { status: answer.status, ...rest };
        };
        // Kim books (mailed), then asks again within the hour (not booked, not mailed); Lee books (mailed).
        const answers = [await book(a!, "kim@example.com"), await book(b!, "kim@example.com"), await book(c!, "lee@example.com")];
        expect(answers).toEqual(Array(3).fill({ status: 201, confirmation: true }));
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
