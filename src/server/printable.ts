/**
 * Stored text as something safe to print. Submissions stored before every field was checked as text
 * (src/forms/text.ts) may hold control characters, bidirectional controls or broken UTF-16; written
 * raw to a terminal they could move the cursor, recolour or hide lines. Each becomes a visible escape
 * such as \u001b. Line breaks and tabs stay when `keepLines` is set (multi-line fields in an e-mail).
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeControls(value: string, keepLines = false): string {
  return value.replace(UNSAFE, (char) =>
    keepLines && (char === "\n" || char === "\t") ? char : `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
