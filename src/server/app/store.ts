import type { ServerConfig } from "../config";
import { bookingQueries } from "../intro/bookings";
import type { SubmissionOperations } from "../forms/types";
import type { BookingOperations, IntroOperations } from "../intro/types";
import type { TrialOperations } from "../kids/types";
import type {
  AnswerOperations,
  InboxOperations,
  LeadOperations,
  NudgeOperations,
  PeopleOperations,
  ReplyOperations,
  StaffTextOperations,
} from "../leads/types";
import type { OutboxOperations } from "../outbox/types";
import type { PrivacyOperations, RequestOperations } from "../privacy/types";
import type { PaymentOperations } from "../payments/types";
import type { ReportOperations } from "../reports/types";
import type { StaffOperations } from "../staff/types";
import type { Dialect, StoreBase } from "../store/dialect";
import { openDialect } from "../store";
import { openPostgres } from "../store/postgres";
import { openSqlite } from "../store/sqlite";
import { inboxQueries } from "../leads/inbox";
import { bookingStep, introQueries } from "../intro/store";
import { trialQueries, trialStep } from "../kids/store";
import { leadQueries } from "../leads/store";
import { peopleQueries } from "../leads/people";
import { replyQueries } from "../leads/replyStore";
import { nudgeQueries } from "../leads/nudgeStore";
import { answerQueries, answerStep } from "../leads/answerStore";
import { outboxQueries } from "../outbox/store";
import { privacyQueries } from "../privacy/store";
import { reportQueries } from "../reports/store";
import { paymentQueries } from "../payments/store";
import { requestQueries, requestStep } from "../privacy/requestStore";
import { staffQueries } from "../staff/store";
import { submissionQueries } from "../forms/store";
import { consentQueries, type ConsentOperations } from "../texts/consentLedger";
import { textQueries, type TextOperations } from "../texts/textStore";
import { receiveText, type TextInboxOperations } from "../texts/inbound";
import { textPeople } from "../leads/textInbox";
import { staffTextQueries } from "../leads/staffText";

/**
 * Where submissions live: every feature's operations (each in its folder's types.ts, its queries in
 * that folder's store.ts), on either database (SQLite file, PostgreSQL). It commits a submission and
 * its outbox message together before `insert` resolves, so an acknowledged submission is never lost.
 * A feature's own code asks only for the operations it uses; this is all of them together.
 */
export interface SubmissionStore
  extends
    StoreBase,
    SubmissionOperations,
    OutboxOperations,
    BookingOperations,
    IntroOperations,
    TrialOperations,
    LeadOperations,
    PeopleOperations,
    InboxOperations,
    ReplyOperations,
    AnswerOperations,
    NudgeOperations,
    RequestOperations,
    PrivacyOperations,
    ReportOperations,
    PaymentOperations,
    StaffOperations,
    ConsentOperations,
    TextOperations,
    TextInboxOperations,
    StaffTextOperations {}

/** The store on either database: the same queries, given what differs by the dialect's own file. */
export function storeOn(dialect: Dialect): SubmissionStore {
  return {
    kind: dialect.kind,
    // A form's own part of storing it, in the same transaction: the free intro's time, a kids' trial seat, a privacy request's link,
    // the instant answer to a contact, sign-up or drop-in form.
    ...submissionQueries(dialect, {
      contact: answerStep(dialect),
      signup: answerStep(dialect),
      "drop-in": answerStep(dialect),
      intro: bookingStep(dialect),
      "kids-trial": trialStep(dialect),
      "privacy-request": requestStep(dialect),
    }),
    ...bookingQueries(dialect),
    ...outboxQueries(dialect),
    ...privacyQueries(dialect),
    ...staffQueries(dialect),
    ...leadQueries(dialect),
    ...peopleQueries(dialect),
    ...inboxQueries(dialect),
    ...replyQueries(dialect),
    ...answerQueries(dialect),
    ...nudgeQueries(dialect),
    ...introQueries(dialect),
    ...trialQueries(dialect),
    ...requestQueries(dialect),
    ...reportQueries(dialect),
    ...paymentQueries(dialect),
    ...consentQueries(dialect),
    ...textQueries(dialect),
    ...staffTextQueries(dialect),
    receiveText: (incoming, gym, at, options) => receiveText(dialect, textPeople(dialect), incoming, gym, at, options),
    rateLimiter: (options) => dialect.rateLimiter(options),
    close: () => dialect.close(),
  };
}

/** The store in a SQLite file (store/sqlite.ts), opened and migrated now. */
export function openSqliteStore(file: string, options: { busyTimeoutMs?: number } = {}): SubmissionStore {
  return storeOn(openSqlite(file, options));
}

/** The store in a PostgreSQL database (store/postgres.ts), once connected and migrated. */
export async function openPostgresStore(connectionString: string): Promise<SubmissionStore> {
  return storeOn(await openPostgres(connectionString));
}

/** The store on the database the settings name (store/index.ts): PostgreSQL, or the SQLite file in DATA_DIR. */
export async function openStore(
  config: Pick<ServerConfig, "databaseUrl" | "dataDir">,
  options: { busyTimeoutMs?: number } = {},
): Promise<SubmissionStore> {
  return storeOn(await openDialect(config, options));
}
