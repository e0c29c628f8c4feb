/**
 * The key that makes several e-mail addresses one person (src/server/forms/people.ts): two forms sent
 * with addresses of the same key belong to one person. Pure: the server and the migration's test use it.
 *
 * - Case never matters: mail servers treat the local part as one mailbox whatever its case, in practice.
 * - A `+tag` is cut at every domain: subaddressing (RFC 5233) is how Gmail, Outlook, iCloud, Fastmail,
 *   Proton and most hosted domains deliver "ana+gym@" to "ana@", and nobody gives two people mailboxes
 *   that differ only by a tag.
 * - Dots are dropped only at Gmail (gmail.com and googlemail.com, one service): Gmail ignores them, while
 *   at Outlook, Yahoo or a company's own domain "j.smith" and "jsmith" are different people.
 *
 * The migration that grouped the stored submissions (store/migrations/014-people.ts) writes the same rule
 * in SQL; tests/unit/server/store/peopleMigration.test.ts holds the two to the same answers.
 */
export function addressKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.indexOf("@");
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  const untagged = address.slice(0, at).split("+")[0] as string;
  if (GMAIL.includes(domain)) return `${untagged.replaceAll(".", "")}@gmail.com`;
  return `${untagged}@${domain}`;
}

/** Gmail's two domains: one mailbox answers at both. */
export const GMAIL: readonly string[] = ["gmail.com", "googlemail.com"];
