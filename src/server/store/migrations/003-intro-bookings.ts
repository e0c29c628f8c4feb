import type { MigrationStep } from "./step";

export const introBookings: MigrationStep = {
  version: 3,
  name: "intro bookings and visitor e-mails",
  // A partial unique index is the one-booking-per-coach-and-start rule: a cancelled booking frees
  // its slot, and every active one is checked by the database itself, whatever the process count.
  // (Overlapping times after staff change the slot length are checked in the insert's transaction.)
  sql: (t) => `
    CREATE TABLE intro_bookings (
      submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
      coach TEXT NOT NULL,
      starts_at ${t.time} NOT NULL,
      ends_at ${t.time} NOT NULL,
      email TEXT NOT NULL,
      cancelled_at ${t.time}
    );
    CREATE UNIQUE INDEX intro_bookings_slot ON intro_bookings (coach, starts_at) WHERE cancelled_at IS NULL;
    CREATE INDEX intro_bookings_email ON intro_bookings (email);
    CREATE INDEX intro_bookings_coach ON intro_bookings (coach, ends_at);
    ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'staff' CHECK (kind IN ('staff', 'confirmation'));
  `,
};
