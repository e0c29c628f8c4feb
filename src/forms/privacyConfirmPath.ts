/**
 * Where a person confirms their privacy request; the token rides in the fragment, which the browser
 * never sends to a server. A module of its own, as src/intro/cancelPath.ts: the list of pages without
 * analytics (src/analyticsScope.ts) reads it in every page's bundle.
 */
export const PRIVACY_CONFIRM_PATH = "/privacy/confirm/";

export const privacyConfirmPath = (token: string) => `${PRIVACY_CONFIRM_PATH}#token=${token}`;
