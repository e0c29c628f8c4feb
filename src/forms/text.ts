/**
 * What counts as text in a form field. Everything a visitor types reaches staff through a terminal
 * (the submissions CLI), an e-mail and a spreadsheet, and PostgreSQL refuses NUL and broken UTF-16,
 * so anything that is not printable text is refused with a message that says what to remove:
 * - control characters (C0 and C1, DEL), which can rewrite a terminal or hide text;
 * - line breaks and tabs in one-line fields (a name with a newline could fake an "Email:" line);
 * - bidirectional overrides, embeddings, isolates and marks, which can reorder what staff read;
 * - lone surrogates, which are not characters at all;
 * - RFC 2047 encoded words (`=?UTF-8?B?4oCu?=`): plain ASCII that passes every rule above, but a mail
 *   client decodes one wherever it meets it in a header, so a name could carry any character there. Only
 *   that shape is refused (a charset, B or Q, text without "?"): "full=?" or "2+2=?" is text. Looser than
 *   RFC 2047 (any charset name, spaces in the text), as mail clients are when they decode.
 */
export type TextShape = "one-line" | "multi-line";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r\u2028\u2029]/;
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
export const ENCODED_WORD = /=\?[^?\s]+\?[bq]\?[^?]*\?=/i;

/** The problem with a field's text, as a message for the visitor, or null when it is fine. */
export function textProblem(value: string, shape: TextShape, label: string): string | null {
  if (LONE_SURROGATE.test(value)) return `Retype ${label}: it has a broken character`;
  if (CONTROL.test(value)) return `Remove the hidden control characters from ${label}`;
  if (shape === "one-line" && LINE_BREAK_OR_TAB.test(value)) return `Write ${label} on one line, without tabs or line breaks`;
  if (BIDI.test(value)) return `Remove the hidden text-direction characters from ${label}`;
  if (ENCODED_WORD.test(value)) return `Write ${label} as plain text, without "=?...?=" codes`;
  return null;
}

/** Line breaks as the browser's textarea sends them (\n), whichever way they arrived. */
export function normalizeLineBreaks(value: string): string {
  return value.replace(/\r\n?|[\u2028\u2029]/g, "\n");
}
