import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { publicPost, type PublicPost, type PublicPostRules, refuse, type Runtime, storeUnavailable } from "../http/pipeline";
import { errorSummary } from "../log";
import { hashToken, isToken } from "../staff/auth";

/** What a mailed link's endpoint does with its token, beside a public POST's rules (limit, log name, 429). */
export interface TokenLink<Store, Outcome> extends Omit<PublicPostRules, "noindex" | "formPosts"> {
  /** What the store's work is, for the log when it fails: "cancel an intro". */
  work: string;
  /** The 503's sentence, when the store failed and nothing was done. */
  unavailable: string;
  /** The outcome of a token that matches nothing: a string that cannot be a token is answered as one, with a 400. */
  unknown: Outcome;
  /** The link's work, given its token's hash: the store is never handed the token itself. */
  use(store: Store, tokenHash: string, post: PublicPost): Promise<Outcome>;
  /** An outcome's status and the sentence the page shows, and anything more its answer says. */
  answer(outcome: Outcome): { status: number; sentence: string; extra?: Record<string, unknown> };
}

/**
 * POST {token} from a page a mailed link opened (a visitor's cancel link, the privacy confirmation):
 * guarded as the forms are (method, Origin, per-connection rate limit, JSON, 16 KB), never indexed; the
 * token is looked up by its hash and does only its own work. Answers `{ message }` (200) or `{ error }`
 * with the sentence to show, and the outcome's extras; returns the outcome when it was answered 200, so
 * the endpoint does what follows (the outbox's kick) after the answer, or null.
 */
export async function tokenLinkPost<Store, Outcome>(
  runtime: Runtime<Store>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
  link: TokenLink<Store, Outcome>,
): Promise<Outcome | null> {
  const post = await publicPost(runtime, req, res, { limit: link.limit, what: link.what, tooMany: link.tooMany, noindex: true });
  if (!post) return null;
  const { body } = post;
  const token = typeof body === "object" && body !== null ? (body as { token?: unknown }).token : undefined;
  if (!isToken(token)) {
    const { sentence, extra } = link.answer(link.unknown);
    refuse(res, { status: 400, error: sentence }, extra);
    return null;
  }
  let outcome: Outcome;
  try {
    outcome = await link.use(await runtime.store(), hashToken(token), post);
  } catch (error) {
    console.error(`Could not ${link.work} by its link: ${errorSummary(error)}`);
    refuse(res, storeUnavailable(link.unavailable));
    return null;
  }
  const { status, sentence, extra } = link.answer(outcome);
  if (status !== 200) {
    refuse(res, { status, error: sentence }, extra);
    return null;
  }
  res.status(200).json({ ...extra, message: sentence });
  return outcome;
}

/** What a visitor's cancel link did (a free intro's, a kids' trial seat's), and each outcome's status. */
export type CancelOutcome = "cancelled" | "already-cancelled" | "past" | "not-found";
export const CANCEL_STATUS: Record<CancelOutcome, number> = { cancelled: 200, "already-cancelled": 409, past: 410, "not-found": 404 };
