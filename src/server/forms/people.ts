import type { Kysely } from "kysely";
import { addressKey } from "../../forms/addressKey";
import { isSalesForm, type FormName } from "../../forms/registry";
import type { Codec } from "../store/dialect";
import type { Database } from "../store/schema";
import { newPersonReference } from "./ids";
import { VISITOR } from "../../desk/leads";

export { VISITOR };

/**
 * Files a sales form under its person, in the caller's transaction (the form's insert, or staff moving
 * it out of spam): the person of its address key (src/forms/addressKey.ts), made now if there is none.
 * The form waits for an answer: a person nobody was waiting on waits from now, and someone marked Lost
 * who writes again is New again. Returns the person's reference; undefined for spam and for members'
 * forms and privacy requests, which make no person.
 *
 * Two forms of one new address at once: the unique index on the key lets one person through, and the
 * other form finds it.
 */
export async function fileUnderPerson(
  trx: Kysely<Database>,
  codec: Codec,
  submission: { id: string; form: FormName; payload: Readonly<Record<string, unknown>>; spam: string | null },
  at: Date,
): Promise<string | undefined> {
  if (submission.spam !== null || !isSalesForm(submission.form)) return undefined;
  const email = typeof submission.payload.email === "string" ? submission.payload.email : "";
  const key = email ? addressKey(email) : null;
  const time = codec.time(at);
  let person = key ? await trx.selectFrom("people").select(["id", "status"]).where("email_key", "=", key).executeTakeFirst() : undefined;
  if (!person) {
    const id = newPersonReference();
    const made = await trx
      .insertInto("people")
      .values({ id, email_key: key, created_at: time, status: "new", waiting_since: time, updated_at: time, updated_by: VISITOR })
      .onConflict((conflict) => conflict.column("email_key").doNothing())
      .executeTakeFirst();
    if (Number(made.numInsertedOrUpdatedRows ?? 0) > 0) person = { id, status: "new" };
    else person = await trx.selectFrom("people").select(["id", "status"]).where("email_key", "=", key).executeTakeFirstOrThrow();
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
