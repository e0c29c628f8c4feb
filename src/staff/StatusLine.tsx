import { forwardRef } from "react";
import * as styles from "./Staff.module.css";

/** What the status line says: the server's answer to a change, or what went wrong. */
export interface Status {
  text: string;
  error: boolean;
}

/**
 * A screen's status line: always there, so a screen reader hears each new sentence, in the error's
 * colour when something went wrong. `className` adds to its look (a line that may hold an address wraps).
 * Given a ref, it can take the focus (not by Tab): where a screen sends the keyboard when the button
 * pressed goes away with what it did.
 */
export const StatusLine = forwardRef<HTMLParagraphElement, { status: Status | null; className?: string }>(function StatusLine(
  { status, className },
  ref,
) {
  return (
    <p
      ref={ref}
      role="status"
      tabIndex={ref ? -1 : undefined}
      className={[status?.error ? styles.error : styles.ok, className].filter(Boolean).join(" ")}
    >
      {status?.text}
    </p>
  );
});
