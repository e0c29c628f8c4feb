import type { Kysely } from "kysely";
import { newPersonReference } from "../forms/ids";
import { VISITOR } from "../forms/people";
import type { Dialect } from "../store/dialect";
import type { Database } from "../store/schema";
import type { TextPeople } from "../texts/inbound";

/**
 * Whose a text to the gym's number is (texts/inbound.ts): the person the number last texted with, else
 * the person of the newest form that gave it (sales forms: a member's hold or sign-up makes no person).
 */
async function personOf(trx: Kysely<Database>, dialect: Pick<Dialect, "payloadSql">, phone: string): Promise<string | null> {
  const texted = await trx
    .selectFrom("texts")
    .select("person_id")
    .where("phone", "=", phone)
    .where("person_id", "is not", null)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (texted?.person_id) return texted.person_id;
  const form = await trx
    .selectFrom("submissions")
    .select("person_id")
    .where("person_id", "is not", null)
    .where(dialect.payloadSql.phone, "=", phone)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return form?.person_id ?? null;
}

/**
 * The people's side of a text coming in. A number that is nobody's makes a new person, New and waiting:
 * someone who texts the gym's number (from the site, its listing, a flyer) is most likely asking about
 * joining, and a text kept on nobody would be seen by no one. Staff can mark a wrong number Lost.
 */
export function textPeople(dialect: Dialect): TextPeople {
  const { codec } = dialect;
  return {
    personOf: (trx, phone) => personOf(trx, dialect, phone),
    async fileText(trx, phone, at) {
      const time = codec.time(at);
      const found = await personOf(trx, dialect, phone);
      if (found) {
        // Waiting until a staff member answers (leads/store.ts answerPerson); a person marked Lost who writes again is New again.
        const started = await trx
          .updateTable("people")
          .set({ waiting_since: time })
          .where("id", "=", found)
          .where("waiting_since", "is", null)
          .executeTakeFirst();
        const lost = await trx
          .updateTable("people")
          .set({ status: "new", updated_at: time, updated_by: VISITOR })
          .where("id", "=", found)
          .where("status", "=", "lost")
          .executeTakeFirst();
        if (Number(lost.numUpdatedRows) > 0) {
          await trx
            .insertInto("person_events")
            .values({ person_id: found, at: time, actor: VISITOR, kind: "status", status: "new" })
            .execute();
        }
        return { person: found, waiting: Number(started.numUpdatedRows) === 0 };
      }
      const id = newPersonReference();
      await trx
        .insertInto("people")
        .values({ id, created_at: time, status: "new", waiting_since: time, updated_at: time, updated_by: VISITOR })
        .execute();
      return { person: id, waiting: false };
    },
  };
}
