import type { Kysely, Selectable } from "kysely";
import type { Codec, Dialect } from "../store/dialect";
import { toDate, toDateOrNull } from "../store/rows";
import type { Database, LeadsTable, PeopleTable, PersonEventKind } from "../store/schema";
import { ANSWERING_STATUSES, VISITOR, type LeadChange, type LeadOperations, type LeadState } from "./types";
import { queueWebhook } from "../outbox/webhookQueue";
import { toVisitSource } from "../forms/store";
import { isPersonReference } from "../forms/ids";
import { LEAD_STATUSES } from "../../desk/leads";

/**
 * The person a reference stands for: a person's own reference, one the owner merged into them, or a sales
 * form's (its person). Undefined for a member's form, a privacy request, spam and a reference nobody has:
 * those keep their own state.
 */
export async function personFor(trx: Kysely<Database>, id: string): Promise<string | undefined> {
  if (isPersonReference(id)) {
    const own = await trx.selectFrom("people").select("id").where("id", "=", id).executeTakeFirst();
    if (own) return own.id;
    return (await trx.selectFrom("merged_people").select("person_id").where("id", "=", id).executeTakeFirst())?.person_id;
  }
  return (await trx.selectFrom("submissions").select("person_id").where("id", "=", id).executeTakeFirst())?.person_id ?? undefined;
}

/**
 * The person a reference stands for (personFor), their row locked (dialect.lockPeople) for what the
 * caller writes to them: a merge of them waits for it, or it waits for the merge and then finds the
 * survivor, whom the reference opens from then on. Undefined as personFor, and for a person deleted
 * while it waited. Everything written to a person takes this first, so nothing is written to one a
 * merge deleted (PostgreSQL refused that line: a 500), and no change of theirs is lost.
 */
export async function lockedPerson(trx: Kysely<Database>, dialect: Pick<Dialect, "lockPeople">, id: string): Promise<string | undefined> {
  let person = await personFor(trx, id);
  while (person) {
    const [locked] = await dialect.lockPeople(trx, [person]);
    if (locked) return locked;
    // Merged or deleted while this waited; read again (a new statement sees what committed meanwhile).
    const now = await personFor(trx, id);
    if (now === person) return undefined;
    person = now;
  }
  return undefined;
}

/**
 * A staff member spoke to the person (a reply, a call that reached them or left a message, a text, a
 * status change that says so): nobody waits on them any more, and the first time is their first response.
 */
export async function answerPerson(trx: Kysely<Database>, codec: Codec, person: string, by: string, at: Date): Promise<void> {
  const time = codec.time(at);
  await trx
    .updateTable("people")
    .set({ first_response_at: time, first_response_by: by })
    .where("id", "=", person)
    .where("first_response_at", "is", null)
    .execute();
  await trx.updateTable("people").set({ waiting_since: null }).where("id", "=", person).execute();
}

/** The person's newest sales form that is not spam: what their webhook and replies go out for. */
export async function newestForm(trx: Kysely<Database>, person: string) {
  return trx
    .selectFrom("submissions")
    .select(["id", "form", "spam", "payload"])
    .where("person_id", "=", person)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

const rank = (status: string) => LEAD_STATUSES.indexOf(status as (typeof LEAD_STATUSES)[number]);

/**
 * Writes a person's state in the caller's transaction (writeLead below, for a sales form or a person).
 * A status change is a line of their timeline; made by staff to a status that says they spoke to the
 * person (ANSWERING_STATUSES), it answers them. The visitor's own booking only ever moves a person on
 * (from New or Contacted), never back from Came or Joined. A new follow-up date is a line of the
 * timeline too.
 */
async function writePerson(
  trx: Kysely<Database>,
  codec: Codec,
  person: string,
  change: LeadChange,
  by: string,
  at: Date,
  webhook: boolean,
): Promise<{ statusChanged: boolean } | undefined> {
  const before = await trx.selectFrom("people").select(["status", "follow_up_on"]).where("id", "=", person).executeTakeFirst();
  if (!before) return undefined;
  const time = codec.time(at);
  let statusChanged = false;
  const status = change.status;
  if (status !== undefined && (by !== VISITOR || rank(status) > rank(before.status))) {
    const result = await trx
      .updateTable("people")
      .set({ status })
      .where("id", "=", person)
      .where("status", "!=", status)
      .executeTakeFirst();
    statusChanged = Number(result.numUpdatedRows) > 0;
    if (statusChanged) {
      await trx.insertInto("person_events").values({ person_id: person, at: time, actor: by, kind: "status", status }).execute();
      if (by !== VISITOR && ANSWERING_STATUSES.includes(status)) await answerPerson(trx, codec, person, by, at);
      // Nobody waits on a person closed as Lost (a new form of theirs opens them again: forms/people.ts).
      if (status === "lost") await trx.updateTable("people").set({ waiting_since: null }).where("id", "=", person).execute();
    }
  }
  if (change.followUpOn !== undefined && change.followUpOn !== before.follow_up_on) {
    await trx.updateTable("people").set({ follow_up_on: change.followUpOn }).where("id", "=", person).execute();
    await trx
      .insertInto("person_events")
      .values({ person_id: person, at: time, actor: by, kind: "follow-up", body: change.followUpOn })
      .execute();
  }
  await trx.updateTable("people").set({ updated_at: time, updated_by: by }).where("id", "=", person).execute();
  if (webhook && statusChanged && status) {
    const form = await newestForm(trx, person);
    if (form) await queueWebhook(trx, codec, form, at, { event: "lead.status", status });
  }
  return { statusChanged };
}

/**
 * Writes a lead's state in the caller's transaction: only the fields given change. A sales form's (or a
 * person's reference) is its person's (writePerson); a member's form or a privacy request keeps its own
 * row in `leads`. Returns whether the status changed, so a caller can tell a status change from a note
 * or a date; undefined when nothing has that reference. With `webhook`, a status change queues its
 * "lead.status" webhook in the same transaction.
 *
 * No read-then-write for the status: two staff changing one lead at once (PostgreSQL runs them side by
 * side) each change only their own fields, and exactly one of two equal status changes counts as a change.
 * A person's row is locked first (lockedPerson), so a change made while the owner merges them reaches the
 * survivor.
 */
export async function writeLead(
  trx: Kysely<Database>,
  dialect: Pick<Dialect, "codec" | "lockPeople">,
  id: string,
  change: LeadChange,
  by: string,
  at: Date,
  { webhook = false }: { webhook?: boolean } = {},
): Promise<{ statusChanged: boolean } | undefined> {
  const { codec } = dialect;
  const person = await lockedPerson(trx, dialect, id);
  if (person) return writePerson(trx, codec, person, change, by, at, webhook);
  const submission = await trx.selectFrom("submissions").select(["id", "form", "spam"]).where("id", "=", id).executeTakeFirst();
  if (!submission) return undefined;
  const time = codec.time(at);
  // A lead nobody has touched has no row (it is New): two first changes at once both find the one row.
  await trx
    .insertInto("leads")
    .values({ submission_id: id, status: "new", follow_up_on: null, answered_at: null, updated_at: time, updated_by: by })
    .onConflict((conflict) => conflict.column("submission_id").doNothing())
    .execute();
  let statusChanged = false;
  if (change.status !== undefined) {
    const result = await trx
      .updateTable("leads")
      .set({ status: change.status })
      .where("submission_id", "=", id)
      .where("status", "!=", change.status)
      .executeTakeFirst();
    statusChanged = Number(result.numUpdatedRows) > 0;
    if (statusChanged) {
      await trx.insertInto("lead_events").values({ submission_id: id, at: time, actor: by, status: change.status }).execute();
      if (by !== VISITOR && ANSWERING_STATUSES.includes(change.status)) {
        await trx
          .updateTable("leads")
          .set({ first_response_at: time })
          .where("submission_id", "=", id)
          .where("first_response_at", "is", null)
          .execute();
      }
    }
  }
  await trx
    .updateTable("leads")
    .set({
      updated_at: time,
      updated_by: by,
      ...(change.followUpOn !== undefined && { follow_up_on: change.followUpOn }),
      ...(change.answered !== undefined && { answered_at: change.answered ? time : null }),
    })
    .where("submission_id", "=", id)
    .execute();
  if (webhook && statusChanged && change.status) {
    await queueWebhook(trx, codec, submission, at, { event: "lead.status", status: change.status });
  }
  return { statusChanged };
}

export function toLeadState(row: Omit<Selectable<LeadsTable>, "submission_id">): LeadState {
  return {
    status: row.status,
    followUpOn: row.follow_up_on,
    answeredAt: row.answered_at === null ? null : toDate(row.answered_at),
    updatedAt: toDate(row.updated_at),
    updatedBy: row.updated_by,
    firstResponseAt: row.first_response_at === null ? null : toDate(row.first_response_at),
  };
}

/** A person's row as the state of each of their forms. */
export function toPersonState(row: Selectable<PeopleTable>): LeadState {
  return {
    status: row.status,
    followUpOn: row.follow_up_on,
    answeredAt: null,
    updatedAt: toDate(row.updated_at),
    updatedBy: row.updated_by,
    firstResponseAt: toDateOrNull(row.first_response_at),
    firstResponseBy: row.first_response_by,
    waitingSince: toDateOrNull(row.waiting_since),
    person: row.id,
  };
}

export function leadQueries(dialect: Dialect): LeadOperations {
  const { db, codec } = dialect;
  /** A person's timeline lines of these kinds, oldest first. */
  const linesOf = (person: string, kinds: PersonEventKind[]) =>
    db.selectFrom("person_events").selectAll().where("person_id", "=", person).where("kind", "in", kinds).orderBy("id").execute();
  return {
    async updateLead(id, change, by, at, options) {
      const result = await dialect.write((trx) => writeLead(trx, dialect, id, change, by, at, options));
      return result !== undefined;
    },
    async addNote(id, author, body, at) {
      return dialect.write(async (trx) => {
        const person = await lockedPerson(trx, dialect, id);
        if (person) {
          await trx
            .insertInto("person_events")
            .values({ person_id: person, at: codec.time(at), actor: author, kind: "note", body })
            .execute();
          return true;
        }
        const exists = await trx.selectFrom("submissions").select("id").where("id", "=", id).executeTakeFirst();
        if (!exists) return false;
        await trx
          .insertInto("lead_notes")
          .values({ submission_id: id, author, body, created_at: codec.time(at) })
          .execute();
        return true;
      });
    },
    async leadStates(ids) {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom("leads")
        .selectAll()
        .where("submission_id", "in", [...ids])
        .execute();
      const people = await db
        .selectFrom("submissions")
        .innerJoin("people", "people.id", "submissions.person_id")
        .selectAll("people")
        .select("submissions.id as submission_id")
        .where("submissions.id", "in", [...ids])
        .execute();
      return new Map([
        ...rows.map((row) => [row.submission_id, toLeadState(row)] as const),
        ...people.map(({ submission_id, ...row }) => [submission_id, toPersonState(row)] as const),
      ]);
    },
    async notes(id) {
      const person = await personFor(db, id);
      if (person) {
        const rows = await linesOf(person, ["note", "reply"]);
        return rows.map((row) => ({ author: row.actor, body: row.body ?? "", createdAt: toDate(row.at) }));
      }
      const rows = await db.selectFrom("lead_notes").selectAll().where("submission_id", "=", id).orderBy("id").execute();
      return rows.map((row) => ({ author: row.author, body: row.body, createdAt: toDate(row.created_at) }));
    },
    async leadSource(id) {
      const row = await db.selectFrom("lead_sources").selectAll().where("submission_id", "=", id).executeTakeFirst();
      return row ? toVisitSource(row) : null;
    },
    async events(id) {
      const person = await personFor(db, id);
      if (person) {
        const rows = await linesOf(person, ["status"]);
        return rows.flatMap((row) => (row.status ? [{ status: row.status, actor: row.actor, at: toDate(row.at) }] : []));
      }
      const rows = await db.selectFrom("lead_events").selectAll().where("submission_id", "=", id).orderBy("id").execute();
      return rows.map((row) => ({ status: row.status, actor: row.actor, at: toDate(row.at) }));
    },
  };
}
