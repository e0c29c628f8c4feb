/**
 * How long each thing staff write in the console may be: the console's fields stop there as they type,
 * and the staff API refuses more with the same number in its message (src/server/leads/). Pure.
 */
export const NOTE_MAX = 2000;
export const SUBJECT_MAX = 200;
export const REPLY_MAX = 5000;
export const TEMPLATE_NAME_MAX = 80;
export const SEARCH_MAX = 100;
