import { bookingQueries } from "./bookings";
import type { Dialect } from "./dialect";
import { inboxQueries } from "./inbox";
import { introQueries } from "./intros";
import { leadQueries } from "./leads";
import { outboxQueries } from "./outbox";
import { privacyQueries } from "./privacy";
import { requestQueries } from "./requests";
import { staffQueries } from "./staff";
import { submissionQueries } from "./submissions";
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
    ...introQueries(dialect),
    ...requestQueries(dialect),
    rateLimiter: (options) => dialect.rateLimiter(options),
    close: () => dialect.close(),
  };
}
