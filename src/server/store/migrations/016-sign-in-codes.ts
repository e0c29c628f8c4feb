import type { MigrationStep } from "./step";

export const signInCodes: MigrationStep = {
  version: 16,
  name: "sign-in codes: each request for a sign-in e-mail, bound to the browser that asked",
  // Every request for a sign-in e-mail is a row, whoever the address belongs to (so a code typed for a
  // stranger's address is answered as one for a staff address): the SHA-256 of the asking browser's
  // cookie, a hash of the address (for the count of wrong codes per address, never the address), and the
  // wrong codes tried. For a staff address the sender adds the link it made and the SHA-256 of the
  // mail's code with the browser's hash; the code signs in only while that link is unused, and a link
  // deleted (expired, voided by signing out everywhere, its account removed) leaves the code nothing to
  // spend. Rows go once past their 15 minutes, as new requests come.
  sql: (t) => `
    CREATE TABLE sign_in_requests (
      browser_hash TEXT PRIMARY KEY,
      address_key TEXT NOT NULL,
      created_at ${t.time} NOT NULL,
      expires_at ${t.time} NOT NULL,
      tries INTEGER NOT NULL DEFAULT 0,
      link_hash TEXT REFERENCES sign_in_links (token_hash) ON DELETE SET NULL,
      code_hash TEXT
    );
    CREATE INDEX sign_in_requests_expires ON sign_in_requests (expires_at);
    CREATE INDEX sign_in_requests_link ON sign_in_requests (link_hash);
  `,
};
