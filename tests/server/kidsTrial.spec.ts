import { expect, test } from "@playwright/test";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import { BUILD_DAY_SERVER_ENV } from "../support/buildDay";
import { startTestPostgres } from "../support/postgres";
import { startProductionServer, type RunningServer } from "../support/servers";
import { mimePart, startTestSmtp } from "../support/smtp";

/**
 * The kids' trial class on the production server (src/server/kids/): its classes and seats left, a
 * booking with and without JavaScript, ten parents racing for a class's last seat on PostgreSQL, and
 * the parent's own cancel link from the confirmation e-mail.
 */

const NO_LIMITS = { FORM_RATE_LIMIT_PER_MINUTE: "1000", FORM_CEILING_PER_MINUTE: "1000", INTRO_BOOKINGS_PER_CLIENT_PER_DAY: "100" };

interface Offered {
  start: string;
  seats: number;
  left: number;
  label: string;
}

async function classes(base: string): Promise<Offered[]> {
  const answer = await fetch(`${base}/api/kids-trial-classes`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { classes: Offered[] }).classes;
}

function book(base: string, start: string, parent: number, extra: Record<string, unknown> = {}) {
  return fetch(`${base}/api/kids-trial`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      start,
      childName: `Kid${parent}`,
      childAge: 8,
      name: `Parent ${parent}`,
      email: `parent${parent}@example.com`,
      phone: "253-555-0100",
      elapsedMs: MIN_FILL_MS + 2000,
      ...extra,
    }),
  });
}

test("the classes of the next two weeks: the gym's closed day has none, each says its seats", async () => {
  const server = await startProductionServer({ env: { ...NO_LIMITS, ...BUILD_DAY_SERVER_ENV } });
  try {
    const offered = await classes(server.url);
    // The build's day is Wednesday, November 25, 2026 at noon; Thanksgiving (the 26th) is closed.
    expect(offered.map((c) => c.label)).toEqual([
      "Saturday, November 28 at 10:00 AM",
      "Tuesday, December 1 at 4:00 PM",
      "Thursday, December 3 at 4:00 PM",
      "Saturday, December 5 at 10:00 AM",
      "Tuesday, December 8 at 4:00 PM",
    ]);
    expect(offered.map((c) => [c.seats, c.left])).toEqual([
      [2, 2],
      [3, 3],
      [3, 3],
      [2, 2],
      [3, 3],
    ]);
  } finally {
    await server.stop();
  }
});

test("ten parents race for a class's last seat on PostgreSQL: one is booked, nine are told it is full and offered the others", async () => {
  const pg = await startTestPostgres();
  test.skip(!pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
  const servers: RunningServer[] = [];
  try {
    const env = { ...NO_LIMITS, ...BUILD_DAY_SERVER_ENV, DATABASE_URL: await pg!.createDatabase() };
    // Two servers on one database, as two hosts would be: the parents' requests go to either.
    servers.push(await startProductionServer({ env }));
    servers.push(await startProductionServer({ env }));
    const [tuesday, ...others] = (await classes(servers[0]!.url)).filter((c) => c.label.startsWith("Tuesday, December 1"));
    expect(others).toEqual([]);
    // Two of its three seats go first.
    for (const parent of [1, 2]) expect((await book(servers[0]!.url, tuesday!.start, parent)).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => book(servers[i % 2]!.url, tuesday!.start, 10 + i)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    for (const answer of answers.filter((a) => a.status === 409)) {
      const { error } = (await answer.json()) as { error: string };
      expect(error).toMatch(/^Sorry, the last trial seat in the Tuesday, December 1 at 4:00 PM class was just taken\. Still open: /);
      expect(error).toContain("Thursday, December 3 at 4:00 PM (3 seats)");
      expect(error).not.toContain("Tuesday, December 1 at 4:00 PM (");
    }
    const after = await classes(servers[1]!.url);
    expect(after.find((c) => c.start === tuesday!.start)).toMatchObject({ seats: 3, left: 0 });
  } finally {
    for (const server of servers) await server.stop();
    pg?.stop();
  }
});

test("without JavaScript: the classes with their seats, a booking's page says it plainly, and the seats drop", async () => {
  const server = await startProductionServer({ env: { ...NO_LIMITS, ...BUILD_DAY_SERVER_ENV } });
  try {
    const [saturday] = await classes(server.url);
    const page = await (await fetch(`${server.url}/api/kids-trial`)).text();
    expect(page).toContain(`value="${saturday!.start}"`);
    expect(page).toContain("10:00 AM, 2 seats left");
    const answer = await fetch(`${server.url}/api/kids-trial`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({
        start: saturday!.start,
        childName: "Mia",
        childAge: "7",
        name: "Ana Quill",
        email: "ana@example.com",
        phone: "253-555-0100",
        website: "",
      }),
      redirect: "manual",
    });
    expect(answer.status).toBe(303);
    const sent = await (await fetch(new URL(answer.headers.get("location")!, server.url))).text();
    const message = /<div[^>]*data-testid="form-success"[^>]*>([\s\S]*?)<\/div>/.exec(sent)?.[1]?.replace(/<[^>]+>/g, " ");
    expect(message).toContain("You're booked: Saturday, November 28 at 10:00 AM");
    expect(message).toContain("Mia's free trial class with Coach Jess is booked.");
    // The seats shown drop: the kept page was dropped by the booking.
    expect(await (await fetch(`${server.url}/api/kids-trial`)).text()).toContain("10:00 AM, 1 seat left");
    // A class not offered (past, or never on the schedule) is a problem at its field, with the classes shown.
    const wrong = await fetch(`${server.url}/api/kids-trial`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({
        start: "2026-11-25T08:00:00.000Z",
        childName: "Mia",
        childAge: "7",
        name: "Ana",
        email: "a@example.com",
        phone: "2535550100",
      }),
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain("That class is no longer open for booking.");
  } finally {
    await server.stop();
  }
});

test("the parent's cancel link from the e-mail frees the seat and mails the cancellation", async () => {
  const smtp = await startTestSmtp();
  const server = await startProductionServer({
    env: { ...NO_LIMITS, ...BUILD_DAY_SERVER_ENV, SMTP_URL: smtp.url, STAFF_EMAIL: "coaches@gym.example" },
  });
  try {
    const [saturday] = await classes(server.url);
    const answer = await book(server.url, saturday!.start, 1);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ id: expect.stringMatching(/^K-/), confirmation: true });
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes("parent1@example.com")).length).toBe(1);
    const confirmation = smtp.received.find((mail) => mail.to.includes("parent1@example.com"));
    const text = mimePart(confirmation!.raw, "text/plain") ?? "";
    const token = /\/programs\/crossfitkids\/trial\/cancel\/#token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(token).toBeDefined();
    expect((await classes(server.url))[0]?.left).toBe(1);
    const cancel = () =>
      fetch(`${server.url}/api/kids-trial-cancel`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token }),
      });
    const first = await cancel();
    expect(first.status).toBe(200);
    expect(((await first.json()) as { message: string }).message).toMatch(/^Your child's trial class is cancelled\./);
    expect((await cancel()).status).toBe(409);
    expect((await classes(server.url))[0]?.left).toBe(2);
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes("parent1@example.com")).length).toBe(2);
    expect(smtp.received.filter((mail) => mail.to.includes("parent1@example.com"))[1]?.shown("subject")).toMatch(
      /^Cancelled: Kid1's free CrossFit Kids trial class/,
    );
  } finally {
    await server.stop();
    await smtp.stop();
  }
});
