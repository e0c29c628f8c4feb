/**
 * The URL of every endpoint the browser calls. Gatsby serves `src/api/<name>.ts` at `/api/<name>`, so
 * these names are the function files' names (tests/unit/forms/endpoints.test.ts checks both ways).
 */
export const API_NAMES = [
  "contact",
  "signup",
  "membership-hold",
  "privacy-request",
  "privacy-confirm",
  "intro",
  "intro-slots",
  "intro-cancel",
  "drop-in",
] as const;
export type ApiName = (typeof API_NAMES)[number];

export function apiPath(name: ApiName): `/api/${ApiName}` {
  return `/api/${name}`;
}
