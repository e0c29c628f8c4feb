import type { Kysely, Selectable } from "kysely";
import type { Dialect } from "../store/dialect";
import { toDate } from "../store/rows";
import type { Database, PeopleTable, StoredTime } from "../store/schema";
import { queueWebhook } from "../outbox/webhookQueue";
import { LEAD_STATUSES, type LeadStatus } from "../../desk/leads";
import { newestForm, personFor } from "./store";
import type { MergeResult } from "./types";

type Person = Selectable<PeopleTable>;

/** Statuses that close a person: a follow-up date left on one no longer asks for a call. */
const CLOSED: readonly LeadStatus[] = ["joined", "lost"];

const rank = (status: LeadStatus) => LEAD_STATUSES.indexOf(status);

/** The earlier of two stored instants, either of which may be missing. */
function earliest<T extends StoredTime>(a: T | null, b: T | null, time: (value: T) => number): T | null {
  if (a === null) return b;
  if (b === null) return a;
  return time(b) < time(a) ? b : a;
}
const instant = (value: StoredTime) => toDate(value).getTime();

/**
 * What two people are once merged, each rule the one migration 14 used to group one person's forms: the
 * furthest status (Lost only if both were), the earliest open follow-up date (a closed person's date
 * asks for nothing), the earliest time anyone waits since, and the first response of whichever was
 * answered first, with who gave it.
 */
export function mergedState(keep: Person, other: Person) {
  const both = [keep, other];
  const open = both.filter((person) => person.status !== "lost");
  const status = open.length === 0 ? "lost" : open.reduce((a, b) => (rank(b.status) > rank(a.status) ? b : a)).status;
  const followUps = both.filter((person) => !CLOSED.includes(person.status)).map((person) => person.follow_up_on);
  const firstAnswered = earliest(keep.first_response_at, other.first_response_at, instant);
  const answeredBy = firstAnswered === null ? null : firstAnswered === keep.first_response_at ? keep : other;
  return {
    status,
    follow_up_on: followUps.reduce<string | null>((a, b) => earliest(a, b, (date) => Date.parse(date)), null),
    waiting_since: earliest(keep.waiting_since, other.waiting_since, instant),
    first_response_at: firstAnswered,
    first_response_by: answeredBy?.first_response_by ?? null,
    created_at: earliest(keep.created_at, other.created_at, instant) ?? keep.created_at,
  };
}

/** Whether a form of one person gave a phone number that a form of the other gave. */
async function sharePhone(trx: Kysely<Database>, dialect: Dialect, keep: string, other: string): Promise<boolean> {
  const phone = dialect.payloadSql.phone;
  const shared = await trx
    .selectFrom("submissions")
    .select("id")
    .where("person_id", "=", other)
    .where(phone, "in", trx.selectFrom("submissions").select(phone.as("phone")).where("person_id", "=", keep).where(phone, "is not", null))
    .limit(1)
    .executeTakeFirst();
  return shared !== undefined;
}

/**
 * The owner's merge of `other` into `id` (each a person's reference, one merged before, or one of their
 * forms'), in one transaction: every form, key, timeline line and old reference of the other person
 * moves to this one, whose state becomes the two's (mergedState); a "merge" line naming the other's
 * reference goes on the timeline; the other person is deleted, and their reference opens this one from
 * now on (merged_people). Only two people who gave the same phone number merge: the console offers no
 * other pair, and the store refuses one.
 *
 * Locks, in the store's one order: merges (and deletions) take turns first (lockMerges), so the people
 * read next and their keys stay theirs until this commits; the two's address keys, so forms of either's
 * addresses arriving meanwhile wait and then file under this person; then the two people's rows, so a
 * note, call or change written to either waits and then writes to the survivor (leads/store.ts
 * lockedPerson). A reference that led elsewhere before the turn came (a merge or a deletion went first)
 * is "changed": nothing is written, and the owner is asked to look again.
 */
export async function mergePeople(
  dialect: Dialect,
  id: string,
  otherId: string,
  by: string,
  at: Date,
  { webhook = false }: { webhook?: boolean } = {},
): Promise<MergeResult> {
  const { codec } = dialect;
  return dialect.write(async (trx) => {
    const asked = [await personFor(trx, id), await personFor(trx, otherId)];
    await dialect.lockMerges(trx);
    const keep = await personFor(trx, id);
    if (!keep) return { refused: asked[0] ? "changed" : "no-person" };
    const other = await personFor(trx, otherId);
    if (!other) return { refused: asked[1] ? "changed" : "no-other" };
    if (keep !== asked[0] || other !== asked[1]) return { refused: "changed" };
    if (other === keep) return { refused: "same" };
    const keys = await trx.selectFrom("person_keys").select("email_key").where("person_id", "in", [keep, other]).execute();
    await dialect.lockAddressKeys(
      trx,
      keys.map((row) => row.email_key),
    );
    if ((await dialect.lockPeople(trx, [keep, other])).length < 2) return { refused: "changed" };
    const rows = await trx.selectFrom("people").selectAll().where("id", "in", [keep, other]).execute();
    const [kept, merged] = [rows.find((row) => row.id === keep), rows.find((row) => row.id === other)];
    if (!kept || !merged) return { refused: "changed" };
    if (!(await sharePhone(trx, dialect, keep, other))) return { refused: "no-shared-phone" };

    const state = mergedState(kept, merged);
    const time = codec.time(at);
    await trx.updateTable("person_keys").set({ person_id: keep }).where("person_id", "=", other).execute();
    await trx.updateTable("submissions").set({ person_id: keep }).where("person_id", "=", other).execute();
    // Their texts, both ways: the thread is the person kept's now (deleting the other would take them).
    await trx.updateTable("texts").set({ person_id: keep }).where("person_id", "=", other).execute();
    // Each line keeps whose it was (leads/lineage.ts): an address's access and deletion tell them apart.
    await trx
      .updateTable("person_events")
      .set((eb) => ({ person_id: keep, written_on: eb.fn.coalesce("written_on", eb.val(other)) }))
      .where("person_id", "=", other)
      .execute();
    await trx.updateTable("merged_people").set({ person_id: keep }).where("person_id", "=", other).execute();
    await trx.deleteFrom("people").where("id", "=", other).execute();
    await trx.insertInto("merged_people").values({ id: other, person_id: keep }).execute();
    await trx
      .updateTable("people")
      .set({ ...state, updated_at: time, updated_by: by })
      .where("id", "=", keep)
      .execute();
    await trx.insertInto("person_events").values({ person_id: keep, at: time, actor: by, kind: "merge", body: other }).execute();
    // The gym's other tool hears of a new status as it does of any change (leads/store.ts writePerson).
    if (webhook && state.status !== kept.status) {
      const form = await newestForm(trx, keep);
      if (form) await queueWebhook(trx, codec, form, at, { event: "lead.status", status: state.status });
    }
    return { merged: keep, absorbed: other };
  });
}
