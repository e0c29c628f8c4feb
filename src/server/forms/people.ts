import type { Kysely } from "kysely";
import { addressKey } from "../../forms/addressKey";
import { isSalesForm, type FormName } from "../../forms/registry";
import type { Dialect } from "../store/dialect";
import type { Database } from "../store/schema";
import { newPersonReference } from "./ids";
import { VISITOR } from "../../desk/leads";

export { VISITOR };

/**
 * Files a sales form under its person, in the caller's transaction (the form's insert, or staff moving
 * it out of spam): the person whose keys hold its address key (src/forms/addressKey.ts), made now with
 * that key if there is none. The form waits for an answer: a person nobody was waiting on waits from now,
 * and someone marked Lost who writes again is New again. Returns the person's reference; undefined for
 * spam and for members' forms and privacy requests, which make no person.
 *
 * Two forms of one new address at once, or a form while the owner merges its person into another: the
 * second waits at the key's lock (a no-op on SQLite, whose writes take turns) and then finds the person
 * the first made, or the survivor the merge moved the key to.
 */
export async function fileUnderPerson(
  trx: Kysely<Database>,
  dialect: Pick<Dialect, "codec" | "lockAddressKeys">,
  submission: { id: string; form: FormName; payload: Readonly<Record<string, unknown>>; spam: string | null },
  at: Date,
): Promise<string | undefined> {
  if (submission.spam !== null || !isSalesForm(submission.form)) return undefined;
  const email = typeof submission.payload.email === "string" ? submission.payload.email : "";
  const key = email ? addressKey(email) : null;
  const time = dialect.codec.time(at);
  let person: { id: string; status: string } | undefined;
  if (key) {
    await dialect.lockAddressKeys(trx, [key]);
    person = await trx
      .selectFrom("person_keys")
      .innerJoin("people", "people.id", "person_keys.person_id")
      .select(["people.id", "people.status"])
      .where("person_keys.email_key", "=", key)
      .executeTakeFirst();
  }
  if (!person) {
    const id = newPersonReference();
    await trx
      .insertInto("people")
      .values({ id, created_at: time, status: "new", waiting_since: time, updated_at: time, updated_by: VISITOR })
      .execute();
    if (key) await trx.insertInto("person_keys").values({ email_key: key, person_id: id, made_for: id }).execute();
    person = { id, status: "new" };
  } else {
    await trx.updateTable("people").set({ waiting_since: time }).where("id", "=", person.id).where("waiting_since", "is", null).execute();
    if (person.status === "lost") {
      await trx.updateTable("people").set({ status: "new", updated_at: time, updated_by: VISITOR }).where("id", "=", person.id).execute();
      await trx
        .insertInto("person_events")
        .values({ person_id: person.id, at: time, actor: VISITOR, kind: "status", status: "new", submission_id: submission.id })
        .execute();
    }
  }
  await trx.updateTable("submissions").set({ person_id: person.id }).where("id", "=", submission.id).execute();
  return person.id;
}
