import { OUTBOX_KIND_LABELS, type OutboxKindName } from "../../desk/outbox";
import { staffTime } from "../../time/labels";
import { useCallback, useState } from "react";
import { getJson } from "../client";
import * as shared from "../Staff.module.css";
import { StatusLine } from "../StatusLine";
import { useChanges } from "../useChanges";
import * as styles from "./Outbox.module.css";
import type { ScreenProps } from "./types";

/** As GET /api/staff/outbox answers: never a message's data (a token, a webhook's event). */
interface Message {
  id: number;
  kind: OutboxKindName;
  reference: string | null;
  status: "pending" | "failed";
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  /** Never tried and due later (an intro's reminder): it goes at its time, and is not retried. */
  scheduled: boolean;
}

/**
 * The owner sees what has not gone out yet: each message waiting or given up on, how often it was
 * tried and why it failed, and sends one (or every failed one) again after fixing the cause.
 */
export default function Outbox(_props: ScreenProps) {
  const [messages, setMessages] = useState<Message[] | null>(null);
  const read = useCallback(async () => {
    setMessages((await getJson<{ messages: Message[] }>("outbox")).messages);
  }, []);
  const { status, busy, change } = useChanges("outbox", read);
  const retry = (id?: number) => change(id === undefined ? { action: "retry" } : { action: "retry", id });

  const failed = messages?.filter((m) => m.status === "failed").length ?? 0;
  return (
    <>
      <h1 className={shared.heading}>Outbox</h1>
      <p className={shared.lead}>
        E-mails and webhook deliveries not sent yet. Each is retried on its own for a while; one that failed has stopped trying until it is
        retried here.
      </p>
      <StatusLine status={status} />
      {messages === null ? (
        <p>Loading…</p>
      ) : messages.length === 0 ? (
        <p>Nothing is waiting: every message has been sent.</p>
      ) : (
        <>
          <p>{failed === 0 ? "Nothing has failed: each message here goes on its own." : `${failed} failed: fix the cause, then retry.`}</p>
          {failed > 1 && (
            <button type="button" className={shared.secondary} disabled={busy} onClick={() => void retry()}>
              Retry all {failed} failed
            </button>
          )}
          <ul className={shared.list}>
            {messages.map((m) => (
              <li key={m.id} className={styles.message}>
                <p className={styles.title}>
                  <strong>{OUTBOX_KIND_LABELS[m.kind]}</strong> <span className={shared.muted}>{m.reference ?? "no submission"}</span>{" "}
                  <span className={m.status === "failed" ? styles.failed : shared.badge}>
                    {m.status === "failed" ? "Failed" : m.scheduled ? "Scheduled" : "Waiting"}
                  </span>
                </p>
                <dl className={styles.facts}>
                  <dt>Attempts</dt>
                  <dd>{m.attempts}</dd>
                  <dt>{m.scheduled ? "Goes" : "Next attempt"}</dt>
                  <dd>{m.status === "failed" ? "none: retry it" : m.nextAttemptAt ? staffTime(m.nextAttemptAt) : "now"}</dd>
                  {m.lastError && (
                    <>
                      <dt>Last error</dt>
                      <dd className={styles.error}>{m.lastError}</dd>
                    </>
                  )}
                </dl>
                {!m.scheduled && (
                  <button
                    type="button"
                    className={shared.secondary}
                    disabled={busy}
                    aria-label={`Retry the ${OUTBOX_KIND_LABELS[m.kind].toLowerCase()}${m.reference ? ` of ${m.reference}` : ""} now`}
                    onClick={() => void retry(m.id)}
                  >
                    Retry
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
