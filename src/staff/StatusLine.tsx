import * as styles from "./Staff.module.css";

/** What the status line says: the server's answer to a change, or what went wrong. */
export interface Status {
  text: string;
  error: boolean;
}

/**
 * A screen's status line: always there, so a screen reader hears each new sentence, in the error's
 * colour when something went wrong. `className` adds to its look (a line that may hold an address wraps).
 */
export function StatusLine({ status, className }: { status: Status | null; className?: string }) {
  return (
    <p role="status" className={[status?.error ? styles.error : styles.ok, className].filter(Boolean).join(" ")}>
      {status?.text}
    </p>
  );
}
