import { type FormEvent, useCallback, useState } from "react";
import { getJson } from "../client";
import { auditWords } from "../../desk/audit";
import { auditTime, staffTime } from "../../time/labels";
import * as styles from "../Staff.module.css";
import { StatusLine } from "../StatusLine";
import { useChanges } from "../useChanges";
import type { ScreenProps } from "./types";

interface AuditEntry {
  at: string;
  actor: string;
  action: string;
  target: string | null;
}

interface Account {
  email: string;
  role: "owner" | "coach";
  createdAt: string;
  /** Since when this account gets no e-mail of each new lead (its owner turned it off on Your settings). */
  leadAlertsOffSince: string | null;
}

/** The owner adds and removes staff; removing someone ends their sessions at once. */
export default function Accounts({ session }: ScreenProps) {
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Account["role"]>("coach");
  const [audit, setAudit] = useState<{ entries: AuditEntry[] } | null>(null);
  const read = useCallback(async () => {
    setAccounts((await getJson<{ accounts: Account[] }>("accounts")).accounts);
    setAudit(await getJson<{ entries: AuditEntry[] }>("audit"));
  }, []);
  const { status, busy, change } = useChanges("accounts", read);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (await change({ action: "add", email, role })) setEmail("");
  };

  return (
    <>
      <h1 className={styles.heading}>Accounts</h1>
      <p className={styles.lead}>
        Staff sign in with a link e-mailed to their address. A coach works leads and intros; an owner does everything. Each account is
        e-mailed every new lead unless its owner turned that off on Your settings.
      </p>
      <StatusLine status={status} />
      {accounts === null ? (
        <p>Loading…</p>
      ) : (
        <ul className={styles.list}>
          {accounts.map((account) => (
            <li key={account.email} className={styles.card}>
              <span className={styles.cardMain}>
                <strong className={styles.wrap}>{account.email}</strong> <span className={styles.badge}>{account.role}</span>
                {account.email === session.email && <span className={styles.muted}> (you)</span>}
                {account.leadAlertsOffSince && (
                  <span className={styles.muted}>
                    {" "}
                    New-lead e-mails off since <time dateTime={account.leadAlertsOffSince}>{staffTime(account.leadAlertsOffSince)}</time>
                  </span>
                )}
              </span>
              <button
                type="button"
                className={styles.secondary}
                disabled={busy}
                onClick={() => void change({ action: "remove", email: account.email })}
                aria-label={`Remove ${account.email}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.form} onSubmit={(event) => void add(event)}>
        <h2 className={styles.subheading}>Add someone</h2>
        <label className={styles.field}>
          <span>E-mail address</span>
          <input type="email" required autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label className={styles.field}>
          <span>Role</span>
          <select value={role} onChange={(event) => setRole(event.target.value as Account["role"])}>
            <option value="coach">Coach</option>
            <option value="owner">Owner</option>
          </select>
        </label>
        <button type="submit" className={styles.primary} disabled={busy}>
          Add
        </button>
      </form>
      <h2 className={styles.subheading}>Recent activity</h2>
      <p className={styles.lead}>Every change made in the console or on the server, newest first: who, what, and which reference.</p>
      {audit && audit.entries.length === 0 && <p>Nothing yet.</p>}
      {audit && audit.entries.length > 0 && (
        <ul className={styles.list}>
          {audit.entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className={styles.card}>
              <span className={styles.cardMain}>
                <time dateTime={entry.at}>{auditTime(entry.at)}</time> <strong className={styles.wrap}>{entry.actor}</strong>{" "}
                {auditWords(entry.action)}
                {entry.target && <span className={styles.wrap}> {entry.target}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
