/** Where a parent cancels their child's kids' trial seat; the token rides in the fragment, never sent to a server. */
export const KIDS_TRIAL_CANCEL_PATH = "/programs/crossfitkids/trial/cancel/";

export const kidsTrialCancelPath = (token: string) => `${KIDS_TRIAL_CANCEL_PATH}#token=${token}`;
