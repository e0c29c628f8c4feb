import { submissionsAndOutbox } from "./001-submissions-and-outbox";
import { rateLimits } from "./002-rate-limits";
import { introBookings } from "./003-intro-bookings";
import { deletionsAndWaivers } from "./004-deletions-and-waivers";
import { staffConsole } from "./005-staff-console";
import { requestConfirmations } from "./006-request-confirmations";
import { repeatSends } from "./007-repeat-sends";
import { leadHistory } from "./008-lead-history";
import { leadSources } from "./009-lead-sources";
import { repliesAndReminders } from "./010-replies-and-reminders";
import { knownDevices } from "./011-known-devices";
import { sentKeys } from "./012-sent-keys";
import { kidsTrials } from "./013-kids-trials";
import { people } from "./014-people";
import { leadAlertSetting } from "./015-lead-alert-setting";
import { signInCodes } from "./016-sign-in-codes";
import { introCoach } from "./017-intro-coach";
import { lineOrigins } from "./018-line-origins";
import { instantAnswers } from "./019-instant-answers";
import { introFollowUps } from "./020-intro-follow-ups";
import { payments } from "./021-payments";
import { texts } from "./022-texts";
import { textDesk } from "./023-text-desk";
import { textEvidence } from "./024-text-evidence";
import { textOptOuts } from "./025-text-opt-outs";
import { POSTGRES, SQLITE, type MigrationStep } from "./step";

/**
 * Schema migrations, applied in order on start (sqlite.ts, postgres.ts). Never edit a shipped
 * migration: add a file for the next version and list it here. Each is written once and read out for
 * each database: timestamps are ISO-8601 text in SQLite and timestamptz in PostgreSQL.
 */
export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

const STEPS: readonly MigrationStep[] = [
  submissionsAndOutbox,
  rateLimits,
  introBookings,
  deletionsAndWaivers,
  staffConsole,
  requestConfirmations,
  repeatSends,
  leadHistory,
  leadSources,
  repliesAndReminders,
  knownDevices,
  sentKeys,
  kidsTrials,
  people,
  leadAlertSetting,
  signInCodes,
  introCoach,
  lineOrigins,
  instantAnswers,
  introFollowUps,
  payments,
  texts,
  textDesk,
  textEvidence,
  textOptOuts,
];

export const migrations: readonly Migration[] = STEPS.map((step) => ({
  version: step.version,
  name: step.name,
  sqlite: step.sql(SQLITE),
  postgres: step.sql(POSTGRES),
}));
