import { ALONE_10 } from "./010-replies-and-reminders";
import { KINDS_19 } from "./019-instant-answers";
import { quoted, rebuildSqliteOutbox, type MigrationStep } from "./step";

/** The outbox's kinds from this migration on: migration 19's and the offer of a new time after a missed intro. */
export const KINDS_20 = [...KINDS_19, "no-show-offer"] as const;

export const introFollowUps: MigrationStep = {
  version: 20,
  name: "an intro's reminder 2 hours before, and one offer of a new time after a missed intro",
  // A visitor who missed their intro (marked No-show) is mailed a new time's link once: the partial
  // unique index makes it one per booking even when a mark is changed and made again. A booking made
  // before this version holds only its day-before reminder: each still to go (pending, with its cancel
  // token) gets its 2-hour one beside it, due 2 hours before the intro, with the same link.
  sql: (t) => `
    ${t.sqliteOr(
      `${rebuildSqliteOutbox(
        20,
        KINDS_20,
        "id, submission_id, kind, status, attempts, next_attempt_at, locked_until, last_error, sent_at, created_at, data",
        ALONE_10,
      )}
      CREATE UNIQUE INDEX outbox_one_lead_reminder ON outbox (submission_id) WHERE kind = 'lead-reminder';
      INSERT INTO outbox (submission_id, kind, status, attempts, next_attempt_at, created_at, data)
        SELECT outbox.submission_id, 'reminder', 'pending', 0,
          strftime('%Y-%m-%dT%H:%M:%fZ', intro_bookings.starts_at, '-2 hours'), outbox.created_at,
          json_set(outbox.data, '$.reminder', 'hours-before')
        FROM outbox JOIN intro_bookings ON intro_bookings.submission_id = outbox.submission_id
        WHERE outbox.kind = 'reminder' AND outbox.status = 'pending' AND intro_bookings.cancelled_at IS NULL
          AND json_extract(outbox.data, '$.cancelToken') IS NOT NULL AND json_extract(outbox.data, '$.reminder') IS NULL
        ORDER BY outbox.id;`,
      `
      ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN (${quoted(KINDS_20)}));
      INSERT INTO outbox (submission_id, kind, status, attempts, next_attempt_at, created_at, data)
        SELECT outbox.submission_id, 'reminder', 'pending', 0, intro_bookings.starts_at - interval '2 hours',
          outbox.created_at, outbox.data || '{"reminder": "hours-before"}'::jsonb
        FROM outbox JOIN intro_bookings ON intro_bookings.submission_id = outbox.submission_id
        WHERE outbox.kind = 'reminder' AND outbox.status = 'pending' AND intro_bookings.cancelled_at IS NULL
          AND outbox.data ? 'cancelToken' AND NOT outbox.data ? 'reminder'
        ORDER BY outbox.id;
      `,
    )}
    CREATE UNIQUE INDEX outbox_one_no_show_offer ON outbox (submission_id) WHERE kind = 'no-show-offer';
  `,
};
