/**
 * Sending a form and reading the server's answer, without React: the hook renders what this returns.
 * Every answer that is not a success keeps the visitor's values (the caller never clears them), so
 * each failure message says that everything typed is still there.
 */

/** The part of `fetch` used here; injected so tests can answer with real `Response` objects. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export interface SubmitRequest {
  endpoint: string;
  /** The JSON body: the form's payload with the spam signals. */
  values: Readonly<Record<string, unknown>>;
  fetch: Fetch;
  /**
   * For a booking: the field a 409 (the choice was just taken) is about. Without it, a 409 is a
   * failure like any other refusal.
   */
  conflictField?: string;
}

export type SubmitResult =
  /**
   * Stored. `confirmation` says whether this server e-mails visitors (bookings only); `answer` is the
   * whole answer, for what only one form's answer holds (the free intro's booking: src/forms/intro/sent.ts).
   */
  | { kind: "sent"; reference: string; confirmation?: boolean; answer: Readonly<Record<string, unknown>> }
  /** The server's field -> message (422); show them on the fields. */
  | { kind: "field-errors"; errors: Record<string, string> }
  /** The choice in `field` was just taken by someone else (409 on a booking). */
  | { kind: "conflict"; field: string; message: string }
  | { kind: "failed"; reason: FailureReason; message: string };

/** "page": the page's own code failed while sending (nothing reached the server, or its answer was lost). */
export type FailureReason = "network" | "rate-limited" | "server" | "refused" | "page";

export const NETWORK_FAILURE =
  "Your form could not be sent: the connection to our website failed. Everything you typed is still here. Check your connection and try again.";
export const SERVER_FAILURE =
  "Your form could not be sent because our website had a problem. Everything you typed is still here. Try again in a minute, or call us.";
export const PAGE_FAILURE =
  "Your form could not be sent because of a problem on this page. Everything you typed is still here. Try again, or call us.";
export const JUST_TAKEN_FALLBACK = "That choice was just taken. Please choose again.";
const STILL_HERE = "Everything you typed is still here.";

interface Answer {
  raw: Readonly<Record<string, unknown>>;
  id?: string;
  confirmation?: boolean;
  errors?: Record<string, string>;
  error?: string;
}

/** What the server said, keeping only the parts of the shape it promises (a proxy may answer with HTML). */
async function readAnswer(response: Response): Promise<Answer> {
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { raw: {} };
  const raw = body as Record<string, unknown>;
  const answer: Answer = { raw };
  if (typeof raw.id === "string" && raw.id) answer.id = raw.id;
  if (typeof raw.confirmation === "boolean") answer.confirmation = raw.confirmation;
  if (typeof raw.error === "string" && raw.error) answer.error = raw.error;
  if (typeof raw.errors === "object" && raw.errors !== null) {
    const errors = Object.entries(raw.errors).filter((entry): entry is [string, string] => typeof entry[1] === "string");
    if (errors.length > 0) answer.errors = Object.fromEntries(errors);
  }
  return answer;
}

export async function submitForm({ endpoint, values, fetch, conflictField }: SubmitRequest): Promise<SubmitResult> {
  let response: Response;
  try {
    // Called as a plain function: the browser's fetch refuses to run with another object as `this`.
    response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(values),
    });
  } catch {
    return { kind: "failed", reason: "network", message: NETWORK_FAILURE };
  }
  const answer = await readAnswer(response);
  if (response.status === 201 && answer.id) {
    return {
      kind: "sent",
      reference: answer.id,
      ...(answer.confirmation !== undefined && { confirmation: answer.confirmation }),
      answer: answer.raw,
    };
  }
  if (response.status === 422 && answer.errors) return { kind: "field-errors", errors: answer.errors };
  if (response.status === 409 && conflictField) {
    return { kind: "conflict", field: conflictField, message: answer.error ?? JUST_TAKEN_FALLBACK };
  }
  if (response.status === 429) {
    const wait = response.headers.get("Retry-After");
    const message = `${answer.error ?? "Too many forms were sent from your connection."}${wait ? ` You can try again in ${wait} seconds.` : ""} ${STILL_HERE}`;
    return { kind: "failed", reason: "rate-limited", message };
  }
  if (response.status >= 500) return { kind: "failed", reason: "server", message: SERVER_FAILURE };
  return { kind: "failed", reason: "refused", message: `${answer.error ?? "Your form could not be sent."} ${STILL_HERE}` };
}
