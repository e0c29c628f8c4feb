import type { SubmissionOperations } from "../forms/types";
import type { BookingOperations, IntroOperations } from "../intro/types";
import type { InboxOperations, LeadOperations, NudgeOperations, ReplyOperations } from "../leads/types";
import type { OutboxOperations } from "../outbox/types";
import type { PrivacyOperations, RequestOperations } from "../privacy/types";
import type { ReportOperations } from "../reports/types";
import type { StaffOperations } from "../staff/types";
import type { RateLimiterOptions, StoreLimiter } from "./limiter";

/**
 * Where submissions live: every feature's operations (each in its folder's types.ts, its queries in
 * that folder's store.ts), on either database (SQLite file, PostgreSQL). It commits a submission and
 * its outbox message together before `insert` resolves, so an acknowledged submission is never lost.
 */
export interface SubmissionStore
  extends
    SubmissionOperations,
    OutboxOperations,
    BookingOperations,
    IntroOperations,
    LeadOperations,
    InboxOperations,
    ReplyOperations,
    NudgeOperations,
    RequestOperations,
    PrivacyOperations,
    ReportOperations,
    StaffOperations {
  readonly kind: "sqlite" | "postgres";
  /** A limiter counting in this store's rate_limits table, shared by every process using the store. */
  rateLimiter(options: RateLimiterOptions): StoreLimiter;
  close(): Promise<void>;
}
