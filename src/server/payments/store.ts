import type { Kysely, Selectable } from "kysely";
import { addressKey } from "../../forms/addressKey";
import { queueMessage } from "../outbox/store";
import { lockedPerson } from "../leads/store";
import type { Codec, Dialect } from "../store/dialect";
import { toDate } from "../store/rows";
import type { Database, PaymentsTable } from "../store/schema";
import { unmatchedPaymentAlert } from "./alert";
import { PAYMENT_ACTOR, type PaymentFacts, type PaymentOperations, type PaymentRecord, type RecordOutcome } from "./types";

/** The forms a "Pay now" link is offered after (src/content/paymentLink.ts). */
const PAYABLE = ["signup", "drop-in"] as const;
type Payable = (typeof PAYABLE)[number];
const isPayable = (form: string): form is Payable => (PAYABLE as readonly string[]).includes(form);

/** What a payment is tied to: the form its reference names, whose it is, and what was bought. */
interface Match {
  reference: string | null;
  form: Payable | null;
  person: string | null;
  bought: string | null;
}

const NOTHING: Match = { reference: null, form: null, person: null, bought: null };

/**
 * The sign-up or drop-in a checkout's reference names. A drop-in's person is its own (a sales form); a
 * sign-up makes no person (a member's form), so its person is whoever the pipeline holds under the
 * sign-up's address key, if anyone. A reference of another form, or of none, matches nothing.
 */
async function matchReference(trx: Kysely<Database>, codec: Codec, reference: string | null): Promise<Match> {
  if (reference === null) return NOTHING;
  const row = await trx
    .selectFrom("submissions")
    .select(["id", "form", "person_id", "payload"])
    .where("id", "=", reference)
    .executeTakeFirst();
  if (!row || !isPayable(row.form)) return { ...NOTHING, reference };
  if (row.form === "drop-in") return { reference, form: "drop-in", person: row.person_id, bought: "drop-in" };
  const payload = codec.payload(row.payload) as Record<string, unknown>;
  const email = typeof payload.email === "string" ? payload.email : "";
  const key = email
    ? await trx.selectFrom("person_keys").select("person_id").where("email_key", "=", addressKey(email)).executeTakeFirst()
    : undefined;
  const plan = typeof payload.plan === "string" ? payload.plan : "";
  return { reference, form: "signup", person: key?.person_id ?? null, bought: plan ? `signup:${plan}` : "signup" };
}

/** A refund's payment: the completed one of the same payment (its intent), else of the same Stripe customer. */
async function matchRefund(trx: Kysely<Database>, facts: Extract<PaymentFacts, { type: "charge.refunded" }>): Promise<Match> {
  const paid = (column: "payment_intent_id" | "customer_id", id: string | null) =>
    id === null
      ? Promise.resolve(undefined)
      : trx
          .selectFrom("payments")
          .select(["reference", "form", "person_id", "bought"])
          .where(column, "=", id)
          .where("kind", "=", "completed")
          .orderBy("id", "desc")
          .executeTakeFirst();
  const row = (await paid("payment_intent_id", facts.paymentIntentId)) ?? (await paid("customer_id", facts.customerId));
  if (!row) return NOTHING;
  return { reference: row.reference, form: row.form && isPayable(row.form) ? row.form : null, person: row.person_id, bought: row.bought };
}

/**
 * A sign-up paid: its own state Joined (a member's form keeps its row in `leads`, with a line in
 * lead_events), and its person's, if the pipeline has one (a line of their timeline, as every change of
 * status is). Stripe is no staff member: nobody is counted as having answered them, and whoever waits
 * for a coach's call still does. A person marked Lost who pays is Joined all the same.
 */
async function joinByPayment(
  trx: Kysely<Database>,
  dialect: Pick<Dialect, "codec" | "lockPeople">,
  match: Match,
  at: Date,
): Promise<boolean> {
  const time = dialect.codec.time(at);
  let joined = false;
  if (match.reference !== null) {
    await trx
      .insertInto("leads")
      .values({
        submission_id: match.reference,
        status: "new",
        follow_up_on: null,
        answered_at: null,
        updated_at: time,
        updated_by: PAYMENT_ACTOR,
      })
      .onConflict((conflict) => conflict.column("submission_id").doNothing())
      .execute();
    const result = await trx
      .updateTable("leads")
      .set({ status: "joined", updated_at: time, updated_by: PAYMENT_ACTOR })
      .where("submission_id", "=", match.reference)
      .where("status", "!=", "joined")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) {
      joined = true;
      await trx
        .insertInto("lead_events")
        .values({ submission_id: match.reference, at: time, actor: PAYMENT_ACTOR, status: "joined" })
        .execute();
    }
  }
  const person = match.person === null ? undefined : await lockedPerson(trx, dialect, match.person);
  if (person) {
    const result = await trx
      .updateTable("people")
      .set({ status: "joined", updated_at: time, updated_by: PAYMENT_ACTOR })
      .where("id", "=", person)
      .where("status", "!=", "joined")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) {
      joined = true;
      await trx
        .insertInto("person_events")
        .values({ person_id: person, at: time, actor: PAYMENT_ACTOR, kind: "status", status: "joined" })
        .execute();
    }
  }
  return joined;
}

const KIND = {
  "checkout.session.completed": "completed",
  "checkout.session.async_payment_failed": "failed",
  "charge.refunded": "refunded",
} as const;

/** A payment made: paid by card, or nothing to pay (a free first period). A bank payment still on its way is not yet. */
const isPaid = (facts: PaymentFacts) => facts.type === "checkout.session.completed" && facts.paymentStatus !== "unpaid";

function toPayment(row: Selectable<PaymentsTable>): PaymentRecord {
  return {
    eventId: row.event_id,
    kind: row.kind,
    reference: row.reference,
    form: row.form,
    person: row.person_id,
    amount: row.amount === null ? null : Number(row.amount),
    currency: row.currency,
    bought: row.bought,
    paymentStatus: row.payment_status,
    sessionId: row.session_id,
    customerId: row.customer_id,
    paymentIntentId: row.payment_intent_id,
    chargeId: row.charge_id,
    mode: row.mode,
    at: toDate(row.at),
  };
}

/** The payments Stripe's webhook records (migration 20), written once for both databases. */
export function paymentQueries(dialect: Dialect): PaymentOperations {
  const { db, codec } = dialect;
  return {
    recordPayment(facts, receivedAt) {
      return dialect.write(async (trx): Promise<RecordOutcome> => {
        const kind = KIND[facts.type];
        const match =
          facts.type === "charge.refunded" ? await matchRefund(trx, facts) : await matchReference(trx, codec, facts.clientReferenceId);
        const checkout = facts.type === "charge.refunded" ? null : facts;
        const refund = facts.type === "charge.refunded" ? facts : null;
        // The event's one row, unique by its id: a second delivery (even one running beside this, on
        // PostgreSQL) waits here for this one's commit and then inserts nothing, so it changes nothing.
        const inserted = await trx
          .insertInto("payments")
          .values({
            event_id: facts.eventId,
            kind,
            reference: checkout ? checkout.clientReferenceId : match.reference,
            form: match.form,
            person_id: match.person,
            // A refund's amount is what has been refunded of the charge so far, all its refunds together.
            amount: checkout ? checkout.amountTotal : (refund?.amountRefunded ?? null),
            currency: checkout ? checkout.currency : (refund?.currency ?? null),
            bought: match.bought ?? checkout?.paymentLinkId ?? null,
            payment_status: checkout ? checkout.paymentStatus : null,
            session_id: checkout ? checkout.sessionId : null,
            customer_id: facts.customerId,
            payment_intent_id: facts.paymentIntentId,
            charge_id: refund?.chargeId ?? null,
            mode: facts.livemode ? "live" : "test",
            at: codec.time(facts.at),
            received_at: codec.time(receivedAt),
          })
          .onConflict((conflict) => conflict.column("event_id").doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { state: "duplicate" };
        const joined = match.form === "signup" && isPaid(facts) ? await joinByPayment(trx, dialect, match, facts.at) : false;
        const alerted = checkout !== null && kind === "completed" && match.form === null;
        if (alerted) await queueMessage(trx, codec, null, "payment-alert", receivedAt, { data: unmatchedPaymentAlert(checkout) });
        return { state: "recorded", kind, form: match.form, person: match.person, joined, alerted };
      });
    },
    async paymentsOf({ references = [], person }) {
      if (references.length === 0 && person === undefined) return [];
      const rows = await db
        .selectFrom("payments")
        .selectAll()
        .where((eb) =>
          eb.or([
            ...(references.length > 0 ? [eb("reference", "in", [...references])] : []),
            ...(person !== undefined ? [eb("person_id", "=", person)] : []),
          ]),
        )
        .orderBy("at")
        .orderBy("id")
        .execute();
      return rows.map(toPayment);
    },
  };
}
