/** Where a visitor cancels their own free intro; the token rides in the fragment, never sent to a server. */
export const INTRO_CANCEL_PATH = "/intro/cancel/";

export const introCancelPath = (token: string) => `${INTRO_CANCEL_PATH}#token=${token}`;
