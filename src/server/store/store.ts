import { bookingQueries } from "../intro/bookings";
import type { Dialect } from "./dialect";
import { inboxQueries } from "../leads/inbox";
import { introQueries } from "../intro/store";
import { leadQueries } from "../leads/store";
import { replyQueries } from "../leads/replyStore";
import { nudgeQueries } from "../leads/nudgeStore";
import { outboxQueries } from "../outbox/store";
import { privacyQueries } from "../privacy/store";
import { reportQueries } from "../reports/store";
import { requestQueries } from "../privacy/requestStore";
import { staffQueries } from "../staff/store";
import { submissionQueries } from "../forms/store";
import type { SubmissionStore } from "./types";

/** The store on either database: the same queries, given what differs by the dialect's own file. */
export function storeOn(dialect: Dialect): SubmissionStore {
  return {
    kind: dialect.kind,
    ...submissionQueries(dialect),
    ...bookingQueries(dialect),
    ...outboxQueries(dialect),
    ...privacyQueries(dialect),
    ...staffQueries(dialect),
    ...leadQueries(dialect),
    ...inboxQueries(dialect),
    ...replyQueries(dialect),
    ...nudgeQueries(dialect),
    ...introQueries(dialect),
    ...requestQueries(dialect),
    ...reportQueries(dialect),
    rateLimiter: (options) => dialect.rateLimiter(options),
    close: () => dialect.close(),
  };
}
