import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { FieldValue } from "../../forms/formValues";
import type { FormName } from "../../forms/registry";

/**
 * A form the browser posted itself (no script, or before the page was live): urlencoded, as a form
 * element sends it. Its answers are pages, not JSON (answerPage.ts).
 */
export function isFormPost(headers: IncomingHttpHeaders): boolean {
  return (headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() === "application/x-www-form-urlencoded";
}

/**
 * The form's values from a posted body, shaped as the browser's form state is (src/forms/<form>/values.ts):
 * each field of `start`, as text (the first, if a name came twice), or for a check box whether it was
 * sent at all (a box that is not ticked is not posted). Anything else in the body is left out.
 */
export function valuesFromPost<V extends Readonly<Record<string, FieldValue>>>(body: unknown, start: V): V {
  const posted = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const values: Record<string, FieldValue> = {};
  for (const [name, initial] of Object.entries(start)) {
    const sent = Object.hasOwn(posted, name) ? posted[name] : undefined;
    const first = Array.isArray(sent) ? sent[0] : sent;
    values[name] = typeof initial === "boolean" ? first !== undefined : typeof first === "string" ? first : "";
  }
  return values as V;
}

/**
 * What makes two posts the same send: the form, exactly the fields it would store, and the connection
 * (a double tap and Back and Send come from the same one). The connection is in it so that nobody
 * else, sending the same words, learns the first send's reference or whether it was made.
 */
export function fingerprintOf(form: FormName, payload: Readonly<Record<string, unknown>>, connection: string): string {
  return createHash("sha256").update(form).update("\n").update(connection).update("\n").update(JSON.stringify(payload)).digest("hex");
}
