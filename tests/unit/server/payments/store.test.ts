import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import type { NewSubmission } from "../../../../src/server/forms/types";
import { readPaymentEvent } from "../../../../src/server/payments/events";
import type { PaymentFacts } from "../../../../src/server/payments/types";
import { stripeWebhook } from "../../../../src/server/payments/webhook";
import { processState } from "../../../../src/server/process/state";
import { readConfig } from "../../../../src/server/config";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { checkoutSession, refundedCharge, signed, stripeEvent, TEST_WEBHOOK_SECRET } from "../../../support/stripe";
import { describeWithPostgres } from "../../support/postgres";
import { mimePart, startTestSmtp } from "../../../support/smtp";
import { smtpMailer } from "../../../../src/server/outbox/mailer";
import { deliverDue } from "../../../../src/server/app/outbox";

/**
 * Stripe's webhook events recorded in the store (src/server/payments/store.ts, migration 20): each once
 * by its event id; a paid sign-up makes its person (and the sign-up) Joined, with a line on the
 * timeline; a drop-in's payment is on its person; a refund finds its payment; an async failure is
 * recorded and changes nobody; a payment whose reference matches nothing is kept and the owner alerted
 * through the outbox. Both databases; on PostgreSQL, the same event from two store handles at once.
 */

const at = (iso: string) => new Date(iso);
const ANA = "ana@example.com";

function contact(id: string, createdAt: string, email = ANA): NewSubmission {
  return {
    id,
    form: "contact",
    createdAt: at(createdAt),
    payload: { name: "Ana Ruiz", email, interest: "membership", message: "Do you have evening classes?" },
    spam: null,
    notify: false,
  };
}

function signup(id: string, createdAt: string, email = ANA): NewSubmission {
  return {
    id,
    form: "signup",
    createdAt: at(createdAt),
    payload: {
      firstName: "Ana",
      lastName: "Ruiz",
      email,
      phone: "+12535550188",
      dateOfBirth: "1990-04-01",
      plan: "unlimited",
      startDate: "2026-12-07",
      emergencyContactName: "Ada Ruiz",
      emergencyContactPhone: "+12535550177",
      waiverAccepted: true,
      waiverVersion: "v1",
    },
    spam: null,
    notify: false,
  };
}

function dropIn(id: string, createdAt: string, email = "cleo@example.com"): NewSubmission {
  return {
    id,
    form: "drop-in",
    createdAt: at(createdAt),
    payload: { visitDate: "2026-12-05", name: "Cleo Park", email, ageGroup: "adult", waiverAccepted: true, waiverVersion: "v1" },
    spam: null,
    notify: false,
  };
}

/** A verified event as the webhook reads it. */
function factsOf(event: unknown): PaymentFacts {
  const read = readPaymentEvent(event);
  if (read.kind !== "payment") throw new Error(`not a payment event: ${read.kind}`);
  return read.facts;
}

const completed = (reference: string | null, fields: Record<string, unknown> = {}, created = "2026-12-01T18:00:00Z") =>
  stripeEvent("checkout.session.completed", checkoutSession({ client_reference_id: reference, ...fields }), {
    created: Math.floor(Date.parse(created) / 1000),
  });

function paymentsContract(open: () => Promise<SubmissionStore>) {
  let store: SubmissionStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  test("a paid sign-up makes its person Joined, once, with a line on their timeline; sent again it changes nothing", async () => {
    await store.insert(contact("C-ANA0000001", "2026-11-28T17:00:00Z"));
    await store.insert(signup("S-ANA0000001", "2026-12-01T17:00:00Z", "Ana@Example.com"));
    const person = (await store.personOf("C-ANA0000001"))!.id;
    const event = completed("S-ANA0000001");
    const first = await store.recordPayment(factsOf(event), at("2026-12-01T18:00:05Z"));
    expect(first).toEqual({ state: "recorded", kind: "completed", form: "signup", person, joined: true, alerted: false });
    expect((await store.personOf(person))?.state.status).toBe("joined");
    expect((await store.leadStates(["S-ANA0000001"])).get("S-ANA0000001")?.status).toBe("joined");
    const lines = (await store.personEvents(person)).filter((line) => line.kind === "status");
    expect(lines.map((line) => [line.status, line.actor, line.at.toISOString()])).toEqual([
      ["joined", "stripe", "2026-12-01T18:00:00.000Z"],
    ]);
    // Stripe is nobody answering them: whoever waited for a coach still waits.
    expect((await store.personOf(person))?.state.firstResponseAt).toBeNull();

    expect(await store.recordPayment(factsOf(event), at("2026-12-01T18:05:00Z"))).toEqual({ state: "duplicate" });
    expect((await store.personEvents(person)).filter((line) => line.kind === "status")).toHaveLength(1);
    const payments = await store.paymentsOf({ person });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      kind: "completed",
      reference: "S-ANA0000001",
      form: "signup",
      amount: 16500,
      currency: "usd",
      bought: "signup:unlimited",
      mode: "test",
    });
    expect(payments[0]?.sessionId).toMatch(/^cs_test_/);
    expect(payments[0]?.customerId).toMatch(/^cus_/);
  });

  test("a sign-up nobody in the pipeline shares an address with: the sign-up itself is Joined", async () => {
    await store.insert(signup("S-BEN0000001", "2026-12-01T17:00:00Z", "ben@example.com"));
    const outcome = await store.recordPayment(factsOf(completed("S-BEN0000001")), at("2026-12-01T18:00:05Z"));
    expect(outcome).toMatchObject({ state: "recorded", form: "signup", person: null, joined: true });
    expect((await store.events("S-BEN0000001")).map((line) => [line.status, line.actor])).toEqual([["joined", "stripe"]]);
  });

  test("a person marked Lost who pays is Joined; a bank payment still on its way joins nobody yet", async () => {
    await store.insert(contact("C-ANA0000001", "2026-11-28T17:00:00Z"));
    await store.insert(signup("S-ANA0000001", "2026-12-01T17:00:00Z"));
    const person = (await store.personOf("C-ANA0000001"))!.id;
    await store.markLost([person], "coach@gym.example", at("2026-11-30T17:00:00Z"));
    const pending = await store.recordPayment(factsOf(completed("S-ANA0000001", { payment_status: "unpaid" })), at("2026-12-01T18:00:05Z"));
    expect(pending).toMatchObject({ state: "recorded", kind: "completed", joined: false });
    expect((await store.personOf(person))?.state.status).toBe("lost");
    await store.recordPayment(factsOf(completed("S-ANA0000001")), at("2026-12-01T18:10:00Z"));
    expect((await store.personOf(person))?.state.status).toBe("joined");
  });

  test("a drop-in's payment is on its person and changes no status; its refund and an async failure are recorded", async () => {
    await store.insert(dropIn("V-CLEO000001", "2026-12-01T17:00:00Z"));
    const person = (await store.personOf("V-CLEO000001"))!.id;
    const intent = "pi_T0000000000000000000001";
    const paid = await store.recordPayment(
      factsOf(completed("V-CLEO000001", { mode: "payment", subscription: null, payment_intent: intent, amount_total: 2000 })),
      at("2026-12-01T18:00:05Z"),
    );
    expect(paid).toMatchObject({ state: "recorded", form: "drop-in", person, joined: false, alerted: false });
    expect((await store.personOf(person))?.state.status).toBe("new");
    const refund = stripeEvent("charge.refunded", refundedCharge({ payment_intent: intent, amount: 2000, amount_refunded: 2000 }), {
      created: Math.floor(Date.parse("2026-12-02T18:00:00Z") / 1000),
    });
    expect(await store.recordPayment(factsOf(refund), at("2026-12-02T18:00:05Z"))).toMatchObject({
      state: "recorded",
      kind: "refunded",
      form: "drop-in",
      person,
    });
    const failed = stripeEvent(
      "checkout.session.async_payment_failed",
      checkoutSession({ client_reference_id: "V-CLEO000001", payment_status: "unpaid" }),
      { created: Math.floor(Date.parse("2026-12-03T18:00:00Z") / 1000) },
    );
    expect(await store.recordPayment(factsOf(failed), at("2026-12-03T18:00:05Z"))).toMatchObject({
      state: "recorded",
      kind: "failed",
      person,
    });
    const payments = await store.paymentsOf({ references: ["V-CLEO000001"] });
    expect(payments.map((payment) => [payment.kind, payment.amount, payment.reference])).toEqual([
      ["completed", 2000, "V-CLEO000001"],
      ["refunded", 2000, "V-CLEO000001"],
      ["failed", 16500, "V-CLEO000001"],
    ]);
    expect((await store.personOf(person))?.state.status).toBe("new");
  });

  test("a payment whose reference matches no sign-up or drop-in is kept and the owner alerted, once", async () => {
    await store.addStaff("owner@gym.example", "owner", at("2026-11-01T00:00:00Z"));
    await store.insert(contact("C-ANA0000001", "2026-11-28T17:00:00Z"));
    for (const reference of ["S-NOBODY0001", "C-ANA0000001", null]) {
      const event = completed(reference);
      expect(await store.recordPayment(factsOf(event), at("2026-12-01T18:00:05Z"))).toMatchObject({
        state: "recorded",
        form: null,
        alerted: true,
      });
      expect(await store.recordPayment(factsOf(event), at("2026-12-01T18:00:06Z"))).toEqual({ state: "duplicate" });
    }
    const alerts = (await store.outbox()).filter((message) => message.kind === "payment-alert");
    expect(alerts).toHaveLength(3);
    expect(alerts[0]?.submissionId).toBeNull();
    expect(alerts[0]?.data?.subject).toBe("A payment no sign-up or drop-in matches (165.00 USD)");
    expect(alerts[0]?.data?.text).toContain("Reference it carried: S-NOBODY0001");
    expect(alerts[0]?.data?.text).not.toContain("sam@example.com");
    expect((await store.paymentsOf({ references: ["S-NOBODY0001"] })).map((payment) => payment.kind)).toEqual(["completed"]);
    expect((await store.personOf("C-ANA0000001"))?.state.status).toBe("new");
  });

  test("the owner's alert goes by e-mail to the owners only, and says what to find in Stripe", async () => {
    await store.addStaff("owner@gym.example", "owner", at("2026-11-01T00:00:00Z"));
    await store.addStaff("coach@gym.example", "coach", at("2026-11-01T00:00:00Z"));
    await store.recordPayment(factsOf(completed("S-NOBODY0001")), at("2026-12-01T18:00:05Z"));
    const smtp = await startTestSmtp();
    try {
      const mail = {
        staffEmail: "coaches@gym.example",
        mailFrom: "Website forms <forms@gym.example>",
        domain: "gym.example",
        siteUrl: "https://gym.example",
      };
      expect(await deliverDue(store, smtpMailer(smtp.url), mail, at("2026-12-01T18:00:10Z"))).toMatchObject({ sent: 1, failed: 0 });
      expect(smtp.received.map((received) => received.to)).toEqual([["owner@gym.example"]]);
      expect(smtp.received[0]?.header("Subject")).toBe("A payment no sign-up or drop-in matches (165.00 USD)");
      const text = mimePart(smtp.received[0]?.raw ?? "", "text/plain") ?? smtp.received[0]?.raw ?? "";
      expect(text).toContain("Reference it carried: S-NOBODY0001");
      expect(text).toMatch(/Stripe checkout session: cs_test_/);
    } finally {
      await smtp.stop();
    }
  });
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("SQLite: payments", () => {
  paymentsContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "payments-"));
    dirs.push(dir);
    return openSqliteStore(path.join(dir, "s.sqlite"));
  });
});

describeWithPostgres("PostgreSQL: payments (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  paymentsContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });

  test("the same event from two servers at once is recorded once and joins the person once", async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    const one = await openPostgresStore(url);
    const two = await openPostgresStore(url);
    try {
      await one.insert(contact("C-ANA0000001", "2026-11-28T17:00:00Z"));
      await one.insert(signup("S-ANA0000001", "2026-12-01T17:00:00Z"));
      const person = (await one.personOf("C-ANA0000001"))!.id;
      for (let round = 0; round < 5; round += 1) {
        const facts = factsOf(completed("S-ANA0000001"));
        const outcomes = await Promise.all([one.recordPayment(facts, new Date()), two.recordPayment(facts, new Date())]);
        expect(outcomes.filter((outcome) => outcome.state === "duplicate")).toHaveLength(1);
      }
      expect(await one.paymentsOf({ person })).toHaveLength(5);
      expect((await two.personEvents(person)).filter((line) => line.kind === "status" && line.status === "joined")).toHaveLength(1);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

/** POST /api/stripe on a real store: the signature decides before anything is stored. */
describe("SQLite: POST /api/stripe", () => {
  let store: SubmissionStore;
  let dir: string;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "stripe-webhook-"));
    store = await openSqliteStore(path.join(dir, "s.sqlite"));
    processState().config = readConfig({ STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET }, "https://gym.example", true);
  });
  afterEach(async () => {
    delete processState().config;
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function post(body: Buffer, signature: string | undefined) {
    const answer: { status?: number; body?: unknown } = {};
    const req = {
      method: "POST",
      body,
      headers: signature === undefined ? {} : { "stripe-signature": signature },
    } as unknown as GatsbyFunctionRequest;
    const res = {
      setHeader: () => undefined,
      status(code: number) {
        answer.status = code;
        return { json: (value: unknown) => (answer.body = value) };
      },
    } as unknown as GatsbyFunctionResponse;
    let kicked = 0;
    await stripeWebhook(
      { store: async () => store, limits: () => Promise.reject(new Error("unused")), kick: () => (kicked += 1) },
      req,
      res,
    );
    return { ...answer, kicked };
  }

  test("a signed event is recorded once; wrongly signed or stale it is 400 and stores nothing", async () => {
    await store.insert(contact("C-ANA0000001", "2026-11-28T17:00:00Z"));
    await store.insert(signup("S-ANA0000001", "2026-12-01T17:00:00Z"));
    const person = (await store.personOf("C-ANA0000001"))!.id;
    const event = completed("S-ANA0000001", {}, new Date().toISOString());

    const wrong = signed(event, { secret: "whsec_someoneElse00000000000000000000" });
    expect(await post(wrong.body, wrong.signature)).toMatchObject({ status: 400 });
    const stale = signed(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(await post(stale.body, stale.signature)).toMatchObject({ status: 400 });
    const good = signed(event);
    expect(await post(good.body, undefined)).toMatchObject({ status: 400 });
    expect(await store.paymentsOf({ person })).toEqual([]);
    expect((await store.personOf(person))?.state.status).toBe("new");

    expect(await post(good.body, good.signature)).toMatchObject({ status: 200, body: { recorded: true, duplicate: false } });
    expect(await post(good.body, good.signature)).toMatchObject({ status: 200, body: { recorded: false, duplicate: true } });
    expect(await store.paymentsOf({ person })).toHaveLength(1);
    expect((await store.personOf(person))?.state.status).toBe("joined");
  });

  test("an unmatched payment kicks the outbox for the owner's alert; another type is taken and not recorded", async () => {
    const unmatched = signed(completed("S-NOBODY0001", {}, new Date().toISOString()));
    expect(await post(unmatched.body, unmatched.signature)).toMatchObject({ status: 200, kicked: 1 });
    const other = signed(stripeEvent("customer.created", { id: "cus_T1", object: "customer" }));
    expect(await post(other.body, other.signature)).toMatchObject({ status: 200, body: { recorded: false }, kicked: 0 });
    const broken = signed(stripeEvent("checkout.session.completed", { id: "cs_test_T1" }));
    expect(await post(broken.body, broken.signature)).toMatchObject({ status: 422 });
  });
});
