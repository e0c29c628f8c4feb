/**
 * How long each thing staff write in the console may be: the console's fields stop there as they type,
 * and the staff API refuses more with the same number in its message (src/server/leads/). Pure.
 */
export const NOTE_MAX = 2000;
export const SUBJECT_MAX = 200;
export const REPLY_MAX = 5000;
export const TEMPLATE_NAME_MAX = 80;
export const SEARCH_MAX = 100;

/**
 * Replies one staff account may e-mail or text to leads in an hour, together and from every server: enough
 * for a busy morning, too few for a stolen session to mail anyone anything from the gym's address (anyone
 * can make a lead with any address through the contact form), or to spend the gym's texts. The server
 * says when the next one may go.
 */
export const REPLIES_PER_HOUR = 30;

/**
 * Replies and texts all staff accounts together may send in an hour: even several stolen sessions cannot turn
 * the gym's address into a mailing list, and no one account can reach it alone (REPLIES_PER_HOUR).
 */
export const GYM_REPLIES_PER_HOUR = 100;
