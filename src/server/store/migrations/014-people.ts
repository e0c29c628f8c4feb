import { quoted, type MigrationStep, type SqlDialect } from "./step";

/** As this version knows them (a shipped migration never changes with the code). */
const STATUSES = ["new", "contacted", "intro-booked", "came", "joined", "lost"];
const SALES_FORMS = ["contact", "intro", "drop-in", "kids-trial"];
const EVENT_KINDS = ["status", "call", "text", "note", "reply", "follow-up", "merge"];
const CALL_OUTCOMES = ["reached", "message", "no-answer"];

/**
 * A stored address's person key in SQL, the rule of src/forms/addressKey.ts as it stands at this version:
 * lower case, the `+tag` cut, and at gmail.com or googlemail.com the dots dropped and the domain one.
 * Written out here, never imported: this text is pinned (tests/unit/server/store/migrations.test.ts), and
 * tests/unit/server/store/peopleMigration.test.ts holds it to the module's answers on both databases.
 */
export function addressKeySql(t: SqlDialect, address: string): string {
  const position = (text: string, part: string) => t.sqliteOr(`instr(${text}, ${part})`, `strpos(${text}, ${part})`);
  const email = `lower(trim(${address}))`;
  const local = `substr(${email}, 1, ${position(email, "'@'")} - 1)`;
  const domain = `substr(${email}, ${position(email, "'@'")} + 1)`;
  const untagged = `substr(${local}, 1, ${position(`${local} || '+'`, "'+'")} - 1)`;
  return `CASE WHEN ${position(email, "'@'")} = 0 THEN ${email}
    WHEN ${domain} IN ('gmail.com', 'googlemail.com') THEN replace(${untagged}, '.', '') || '@gmail.com'
    ELSE ${untagged} || '@' || ${domain} END`;
}

export const people: MigrationStep = {
  version: 14,
  name: "people: one record per person across their forms, with the pipeline, answers and one timeline",
  // A lead was one row per form sent, so a visitor who wrote and then booked an intro was two leads, one
  // of them New for ever. Now every sales form (contact, free intro, drop-in, kids' trial) belongs to a
  // person, one per address key (src/forms/addressKey.ts), and the pipeline, the follow-up date and the
  // first answer are the person's. Members' forms (holds, sign-ups) and privacy requests keep their rows
  // in `leads` and never make a person.
  //
  // The stored sales submissions (spam aside: it makes no person until staff move it out) are grouped
  // here. A person's reference is "N-" and their first form's own ten characters. Their status is the
  // furthest their forms had got (Joined, then Came: an intro marked attended, then Intro booked, then
  // Contacted, then New), and Lost only when every form was Lost; the follow-up date is the earliest of
  // their open forms'; the first response is the earliest of their forms', made by whoever changed the
  // status or replied at that instant. Someone nobody has answered (New, or an intro they booked
  // themselves that no staff member touched) waits from their first form. Every change of status and
  // every note of their forms moves to the person's timeline (person_events), keeping the form it
  // concerned; their rows in `leads`, `lead_events` and `lead_notes` then go.
  //
  // A person has one or more address keys (person_keys): one when made, more once the owner merges two
  // people (leads/merge.ts), so the survivor still catches the forms of both addresses. A person merged
  // into another keeps their reference in merged_people, so a link to it opens the survivor; both go with
  // the person they point at.
  sql: (t) => {
    const email = t.sqliteOr("json_extract(s.payload, '$.email')", "s.payload ->> 'email'");
    return `
    CREATE TABLE people (
      id TEXT PRIMARY KEY,
      created_at ${t.time} NOT NULL,
      status TEXT NOT NULL DEFAULT 'new' CHECK (status IN (${quoted(STATUSES)})),
      follow_up_on TEXT,
      waiting_since ${t.time},
      first_response_at ${t.time},
      first_response_by TEXT,
      updated_at ${t.time} NOT NULL,
      updated_by TEXT NOT NULL
    );
    CREATE INDEX people_waiting ON people (waiting_since);
    CREATE TABLE person_keys (
      email_key TEXT PRIMARY KEY,
      person_id TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE
    );
    CREATE INDEX person_keys_person ON person_keys (person_id);
    CREATE TABLE merged_people (
      id TEXT PRIMARY KEY,
      person_id TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE
    );
    CREATE INDEX merged_people_person ON merged_people (person_id);
    ALTER TABLE submissions ADD COLUMN person_id TEXT REFERENCES people (id);
    CREATE INDEX submissions_person ON submissions (person_id);
    CREATE TABLE person_events (
      id ${t.serialKey},
      person_id TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE,
      at ${t.time} NOT NULL,
      actor TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN (${quoted(EVENT_KINDS)})),
      status TEXT CHECK (status IN (${quoted(STATUSES)})),
      outcome TEXT CHECK (outcome IN (${quoted(CALL_OUTCOMES)})),
      body TEXT,
      submission_id TEXT REFERENCES submissions (id) ON DELETE CASCADE
    );
    CREATE INDEX person_events_person ON person_events (person_id);
    CREATE INDEX person_events_submission ON person_events (submission_id);

    CREATE TEMPORARY TABLE sales_keys AS
      SELECT s.id, s.created_at, ${addressKeySql(t, email)} AS email_key,
        COALESCE(${addressKeySql(t, email)}, s.id) AS grp
      FROM submissions s
      WHERE s.spam IS NULL AND s.form IN (${quoted(SALES_FORMS)});
    CREATE TEMPORARY TABLE sales_people AS
      SELECT k.grp,
        (SELECT k2.id FROM sales_keys k2 WHERE k2.grp = k.grp ORDER BY k2.created_at, k2.id LIMIT 1) AS first_id,
        MIN(k.email_key) AS email_key,
        MIN(k.created_at) AS created_at
      FROM sales_keys k
      GROUP BY k.grp;
    INSERT INTO people (id, created_at, status, follow_up_on, first_response_at, updated_at, updated_by)
      SELECT 'N-' || substr(p.first_id, 3), p.created_at,
        CASE
          WHEN MIN(CASE WHEN l.status = 'lost' THEN 1 ELSE 0 END) = 1 THEN 'lost'
          ELSE CASE MAX(CASE
              WHEN l.status = 'joined' THEN 4
              WHEN b.attendance = 'attended' THEN 3
              WHEN l.status = 'intro-booked' THEN 2
              WHEN l.status = 'contacted' THEN 1
              ELSE 0 END)
            WHEN 4 THEN 'joined' WHEN 3 THEN 'came' WHEN 2 THEN 'intro-booked' WHEN 1 THEN 'contacted' ELSE 'new' END
        END,
        MIN(CASE WHEN l.status NOT IN ('joined', 'lost') THEN l.follow_up_on END),
        MIN(l.first_response_at),
        COALESCE(MAX(l.updated_at), p.created_at),
        COALESCE(
          (SELECT l2.updated_by FROM sales_keys k2 JOIN leads l2 ON l2.submission_id = k2.id
            WHERE k2.grp = p.grp ORDER BY l2.updated_at DESC LIMIT 1),
          'visitor')
      FROM sales_people p
      JOIN sales_keys k ON k.grp = p.grp
      LEFT JOIN leads l ON l.submission_id = k.id
      LEFT JOIN intro_bookings b ON b.submission_id = k.id
      GROUP BY p.grp, p.first_id, p.email_key, p.created_at;
    INSERT INTO person_keys (email_key, person_id)
      SELECT p.email_key, 'N-' || substr(p.first_id, 3) FROM sales_people p WHERE p.email_key IS NOT NULL;
    UPDATE submissions SET person_id = (
        SELECT 'N-' || substr(p.first_id, 3) FROM sales_keys k JOIN sales_people p ON p.grp = k.grp WHERE k.id = submissions.id)
      WHERE id IN (SELECT id FROM sales_keys);
    UPDATE people SET first_response_by = COALESCE(
        (SELECT e.actor FROM lead_events e JOIN submissions s ON s.id = e.submission_id
          WHERE s.person_id = people.id AND e.actor <> 'visitor' AND e.at = people.first_response_at ORDER BY e.id LIMIT 1),
        (SELECT a.actor FROM audit_log a JOIN submissions s ON s.id = a.target
          WHERE s.person_id = people.id AND a.action = 'lead.reply' AND a.at = people.first_response_at ORDER BY a.id LIMIT 1))
      WHERE first_response_at IS NOT NULL;
    UPDATE people SET waiting_since = created_at
      WHERE first_response_at IS NULL AND (status = 'new' OR (status = 'intro-booked' AND NOT EXISTS (
        SELECT 1 FROM lead_events e JOIN submissions s ON s.id = e.submission_id
        WHERE s.person_id = people.id AND e.actor <> 'visitor')));
    INSERT INTO person_events (person_id, at, actor, kind, status, submission_id)
      SELECT s.person_id, e.at, e.actor, 'status', e.status, e.submission_id
      FROM lead_events e JOIN submissions s ON s.id = e.submission_id
      WHERE s.person_id IS NOT NULL
      ORDER BY e.at, e.id;
    INSERT INTO person_events (person_id, at, actor, kind, body, submission_id)
      SELECT s.person_id, n.created_at, n.author, 'note', n.body, n.submission_id
      FROM lead_notes n JOIN submissions s ON s.id = n.submission_id
      WHERE s.person_id IS NOT NULL
      ORDER BY n.created_at, n.id;
    DELETE FROM lead_events WHERE submission_id IN (SELECT id FROM submissions WHERE person_id IS NOT NULL);
    DELETE FROM lead_notes WHERE submission_id IN (SELECT id FROM submissions WHERE person_id IS NOT NULL);
    DELETE FROM leads WHERE submission_id IN (SELECT id FROM submissions WHERE person_id IS NOT NULL);
    DROP TABLE sales_keys;
    DROP TABLE sales_people;
  `;
  },
};
