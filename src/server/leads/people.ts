import type { Selectable } from "kysely";
import type { Dialect } from "../store/dialect";
import { toDate, toSubmission } from "../store/rows";
import type { PeopleTable } from "../store/schema";
import { answerPerson, lockedPerson, personFor, toPersonState, writeLead } from "./store";
import { toVisitSource } from "../forms/store";
import { mergePeople } from "./merge";
import type { VisitSource } from "../../forms/visitSource";
import { STALE_AFTER_MS, type PeopleOperations, type PersonRecord } from "./types";

/** Statuses that close a person: a follow-up date left on one no longer asks for a call. */
const CLOSED = ["joined", "lost"] as const;

const toPerson = (row: Selectable<PeopleTable>): PersonRecord => ({
  id: row.id,
  createdAt: toDate(row.created_at),
  state: toPersonState(row),
});

/**
 * The people of the staff's pipeline, written once for both databases: a person is everyone whose sales
 * forms share an address key (forms/people.ts files each form), with the pipeline's state on them.
 */
export function peopleQueries(dialect: Dialect): PeopleOperations {
  const { db, codec } = dialect;
  const formsOf = async (ids: readonly string[]) => {
    if (ids.length === 0) return [];
    return db
      .selectFrom("submissions")
      .selectAll()
      .where("person_id", "in", [...ids])
      .where("spam", "is", null)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  };
  return {
    async personOf(id) {
      const person = await personFor(db, id);
      if (!person) return undefined;
      const row = await db.selectFrom("people").selectAll().where("id", "=", person).executeTakeFirst();
      return row && toPerson(row);
    },
    async personForms(person) {
      return (await formsOf([person])).map((row) => toSubmission(row, codec));
    },
    async personOfKey(key) {
      const row = await db.selectFrom("person_keys").select("person_id").where("email_key", "=", key).executeTakeFirst();
      return row?.person_id;
    },
    async keyMadeFor(key) {
      const row = await db.selectFrom("person_keys").select(["person_id", "made_for"]).where("email_key", "=", key).executeTakeFirst();
      return row && (row.made_for ?? row.person_id);
    },
    async personEvents(person) {
      // In time order: the lines migration 14 carried over were written by kind.
      const rows = await db.selectFrom("person_events").selectAll().where("person_id", "=", person).orderBy("at").orderBy("id").execute();
      return rows.map((row) => ({
        id: Number(row.id),
        at: toDate(row.at),
        actor: row.actor,
        kind: row.kind,
        status: row.status,
        outcome: row.outcome,
        body: row.body,
        submissionId: row.submission_id,
        writtenOn: row.written_on,
      }));
    },
    async logContact(id, contact, by, at) {
      return dialect.write(async (trx) => {
        const person = await lockedPerson(trx, dialect, id);
        if (!person) return false;
        const outcome = contact.channel === "call" ? contact.outcome : null;
        await trx
          .insertInto("person_events")
          .values({ person_id: person, at: codec.time(at), actor: by, kind: contact.channel, outcome })
          .execute();
        if (outcome !== "no-answer") await answerPerson(trx, codec, person, by, at);
        return true;
      });
    },
    async markLost(ids, by, at, { webhook = false } = {}) {
      return dialect.write(async (trx) => {
        const changed: string[] = [];
        // Each reference's person first, then the people in one order: two closing some of the same people
        // at once never wait on each other (a form's or a merged person's reference may sort otherwise).
        const people = new Set<string>();
        for (const id of new Set(ids)) {
          const person = await personFor(trx, id);
          if (person) people.add(person);
        }
        for (const id of [...people].sort()) {
          const person = await lockedPerson(trx, dialect, id);
          if (!person) continue;
          // A member who joined is no lead to close: a list of many people chosen at once may hold one.
          const current = await trx.selectFrom("people").select("status").where("id", "=", person).executeTakeFirst();
          if (current?.status === "joined") continue;
          const result = await writeLead(trx, dialect, person, { status: "lost" }, by, at, { webhook });
          if (result?.statusChanged) changed.push(person);
        }
        return changed;
      });
    },
    async people(filter) {
      const staleBefore = codec.time(new Date(filter.now.getTime() - STALE_AFTER_MS));
      let query = db
        .selectFrom("people")
        .selectAll()
        .limit(filter.limit + 1);
      if (filter.status) query = query.where("status", "=", filter.status);
      if (filter.form) {
        const form = filter.form;
        query = query.where(({ exists, selectFrom }) =>
          exists(
            selectFrom("submissions")
              .select("submissions.id")
              .whereRef("submissions.person_id", "=", "people.id")
              .where("submissions.form", "=", form),
          ),
        );
      }
      if (filter.view === "action") {
        query = query
          .where((eb) =>
            eb.or([
              eb.and([eb("waiting_since", ">=", staleBefore), eb("status", "!=", "lost")]),
              eb.and([
                eb("follow_up_on", "<=", filter.today),
                eb("status", "not in", [...CLOSED]),
                eb.or([eb("waiting_since", "is", null), eb("waiting_since", ">=", staleBefore)]),
              ]),
            ]),
          )
          // Oldest waiting first; then those due for follow-up, the longest due first.
          .orderBy((eb) => eb.case().when("waiting_since", "is", null).then(1).else(0).end())
          .orderBy("waiting_since")
          .orderBy("follow_up_on");
      } else if (filter.view === "stale") {
        query = query.where("waiting_since", "<", staleBefore).where("status", "!=", "lost").orderBy("waiting_since");
      } else {
        if (filter.view === "new") query = query.where("status", "=", "new");
        if (filter.view === "follow-up") query = query.where("follow_up_on", "<=", filter.today).where("status", "not in", [...CLOSED]);
        // Newest first, by their newest form.
        query = query.orderBy(
          (eb) =>
            eb
              .selectFrom("submissions")
              .select((s) => s.fn.max("submissions.created_at").as("last"))
              .whereRef("submissions.person_id", "=", "people.id"),
          "desc",
        );
      }
      const rows = await query.orderBy("id").execute();
      const shown = rows.slice(0, filter.limit);
      const forms = new Map<string, ReturnType<typeof toSubmission>[]>();
      for (const row of await formsOf(shown.map((person) => person.id))) {
        const list = forms.get(row.person_id as string) ?? [];
        list.push(toSubmission(row, codec));
        forms.set(row.person_id as string, list);
      }
      // Where each person came from: their first form that kept a source.
      const formIds = [...forms.values()].flat().map((submission) => submission.id);
      const sources = new Map<string, VisitSource>();
      for (let index = 0; index < formIds.length; index += 500) {
        const rows = await db
          .selectFrom("lead_sources")
          .selectAll()
          .where("submission_id", "in", formIds.slice(index, index + 500))
          .execute();
        for (const row of rows) sources.set(row.submission_id, toVisitSource(row));
      }
      return {
        more: rows.length > filter.limit,
        people: shown.map((row) => {
          const submissions = forms.get(row.id) ?? [];
          const first = submissions.find((submission) => sources.has(submission.id));
          return { person: toPerson(row), submissions, source: first ? (sources.get(first.id) ?? null) : null };
        }),
      };
    },
    async samePhone(person, phones) {
      if (phones.length === 0) return [];
      const rows = await db
        .selectFrom("submissions")
        .select("person_id")
        .distinct()
        .where("person_id", "is not", null)
        .where("person_id", "!=", person)
        .where(dialect.payloadSql.phone, "in", [...phones])
        .execute();
      return rows.flatMap((row) => (row.person_id ? [row.person_id] : []));
    },
    mergePeople: (id, other, by, at, options) => mergePeople(dialect, id, other, by, at, options),
  };
}
