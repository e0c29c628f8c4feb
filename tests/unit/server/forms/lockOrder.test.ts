import { Client } from "pg";
import { openPostgresStore, type SubmissionStore } from "../../../../src/server/app/store";
import { addressKey } from "../../../../src/forms/addressKey";
import { numberLock } from "../../../../src/server/texts/consentLedger";
import { addressKeyBucket, LOCK_ADDRESS_KEY } from "../../../../src/server/store/postgres";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";

/**
 * The order a form takes its locks in, on PostgreSQL: its address's, then its number's, then its
 * person's row: a deletion of its person takes the first two in that order (privacy/store.ts), an
 * incoming text from its number the last two (texts/inbound.ts). In another order a form and one of
 * those could each hold one and wait for the other, and PostgreSQL would end one of them with an error:
 * a visitor's form, or Twilio's post of a text, refused. A second connection holds one lock, waits until
 * the form is queued behind it, and then looks at what the form holds.
 */

const EMAIL = "rosa@example.com";
const PHONE = "+12535550164";

describeWithPostgres("PostgreSQL: a form takes its address's lock before its number's", () => {
  let pg: TestPostgres | null = null;
  let url: string;
  let store: SubmissionStore;
  let admin: Client;
  beforeAll(async () => {
    pg = await startTestPostgres();
    if (!pg) throw new Error(POSTGRES_MISSING);
    url = await pg.createDatabase();
    store = await openPostgresStore(url);
    admin = new Client({ connectionString: url });
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    await admin?.end();
    await store?.close();
    pg?.stop();
  });

  /** Backends waiting for, or holding, one bucket of the address keys' lock. */
  const holders = async (key: string, granted: boolean) =>
    (
      await admin.query<{ pid: number }>(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND objsubid = 2 AND granted = $3",
        [LOCK_ADDRESS_KEY, addressKeyBucket(key), granted],
      )
    ).rows;

  /** The form's backend, waiting for the bucket `key` falls in: its pid. */
  async function waitingFor(key: string): Promise<number> {
    const until = Date.now() + 20_000;
    for (;;) {
      const [waiting] = await holders(key, false);
      if (waiting) return waiting.pid;
      if (Date.now() > until) throw new Error("the form never waited for the lock");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const form = (id: string, email: string, phone: string) =>
    store.insert({
      id,
      form: "contact",
      createdAt: new Date("2026-11-30T18:00:00Z"),
      payload: { name: "Rosa Diaz", email, phone, textConsent: true, message: "Mornings?" },
      spam: null,
      notify: false,
      textConsent: {
        phone,
        disclosure: "CrossFit Graham will text this number.",
        version: "v".repeat(64),
        page: "/contact/",
        connection: null,
      },
    });

  test("while the number is locked elsewhere (a text coming in), the form waits having written nothing of its person", async () => {
    const email = "rosa.text@example.com";
    const phone = "+12535550165";
    const holder = new Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT pg_advisory_xact_lock($1, $2)", [LOCK_ADDRESS_KEY, addressKeyBucket(numberLock(phone))]);
      const insert = form("C-ROSA2", email, phone);
      const pid = await waitingFor(numberLock(phone));
      const held = await admin.query<{ relname: string }>(
        "SELECT c.relname FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE l.pid = $1 AND c.relname IN ('people', 'person_keys')",
        [pid],
      );
      expect(held.rows).toEqual([]);
      await holder.query("COMMIT");
      await insert;
      expect((await store.textConsent(phone)).event).toBe("given");
    } finally {
      await holder.end();
    }
  });

  test("while the address is locked elsewhere, the form waits holding nothing of its number's", async () => {
    const address = addressKey(EMAIL);
    const number = numberLock(PHONE);
    expect(addressKeyBucket(address)).not.toBe(addressKeyBucket(number));
    const holder = new Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT pg_advisory_xact_lock($1, $2)", [LOCK_ADDRESS_KEY, addressKeyBucket(address)]);
      const insert = store.insert({
        id: "C-ROSA",
        form: "contact",
        createdAt: new Date("2026-11-30T18:00:00Z"),
        payload: { name: "Rosa Diaz", email: EMAIL, phone: PHONE, textConsent: true, message: "Mornings?" },
        spam: null,
        notify: false,
        textConsent: {
          phone: PHONE,
          disclosure: "CrossFit Graham will text this number.",
          version: "v".repeat(64),
          page: "/contact/",
          connection: null,
        },
      });
      // Until the form's transaction is queued behind the held address (not a guess at how long it takes).
      const until = Date.now() + 20_000;
      while ((await holders(address, false)).length === 0) {
        if (Date.now() > until) throw new Error("the form never waited for its address's lock");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await holders(number, true)).toEqual([]);
      await holder.query("COMMIT");
      await insert;
      expect((await store.textConsent(PHONE)).event).toBe("given");
    } finally {
      await holder.end();
    }
  });
});
