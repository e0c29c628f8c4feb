import { FORMS } from "./registry";

/**
 * The URL of every endpoint the browser calls: each form's (src/forms/registry.ts) and four more.
 * Gatsby serves `src/api/<name>.ts` at `/api/<name>`, so these names are the function files' names
 * (tests/unit/forms/endpoints.test.ts checks both ways).
 */
export const API_NAMES = [
  ...FORMS,
  "privacy-confirm",
  "intro-slots",
  "intro-cancel",
  "intro-calendar",
  "kids-trial-classes",
  "kids-trial-cancel",
] as const;
export type ApiName = (typeof API_NAMES)[number];

export function apiPath(name: ApiName): `/api/${ApiName}` {
  return `/api/${name}`;
}
