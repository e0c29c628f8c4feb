/**
 * The words a person texts to stop, restart or ask for help, as the issue lists them and as Twilio
 * handles them by default on a long code (Twilio's list of opt-out keywords: STOP, STOPALL,
 * UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE, OPTOUT). Twilio acts on "single-word messages" in any case;
 * here the one word may also carry the spaces, punctuation and emoji a phone adds around it ("Stop.",
 * " stop 🛑"), and an opt-out word may be split ("opt-out", "STOP ALL"): reading too much as a stop
 * only ends texts, which is the safe side. "STOP PLEASE" is a sentence and not a keyword, as at Twilio.
 */
export type Keyword = "opt-out" | "opt-in" | "help";

export const OPT_OUT_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"] as const;
export const OPT_IN_WORDS = ["START", "UNSTOP"] as const;
export const HELP_WORDS = ["HELP"] as const;

const AROUND = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu;
const INSIDE = /[\s\-_.]+/g;

/** Which keyword a text is, or null for any other text (a sentence, an empty body, a photo alone). */
export function keywordOf(body: string): Keyword | null {
  // NFKC folds full-width and styled letters ("ＳＴＯＰ") into plain ones.
  const word = body.normalize("NFKC").replace(AROUND, "").toUpperCase();
  if (word === "") return null;
  if ((OPT_OUT_WORDS as readonly string[]).includes(word.replace(INSIDE, ""))) return "opt-out";
  if ((OPT_IN_WORDS as readonly string[]).includes(word)) return "opt-in";
  if ((HELP_WORDS as readonly string[]).includes(word)) return "help";
  return null;
}

/**
 * What the gym answers to each keyword: its name, its number and how to stop. STOP is answered once
 * and nothing after it; START says texts are back; HELP says who is texting and how to reach a person.
 */
export function keywordReply(keyword: Keyword, gym: { name: string; phone: string }): string {
  switch (keyword) {
    case "opt-out":
      return `${gym.name}: you will get no more texts from us. Reply START to have them again.`;
    case "opt-in":
      return `${gym.name}: texts about your enquiry are back on. Reply STOP to end, HELP for help.`;
    case "help":
      return `${gym.name}: texts about your enquiry. Call us at ${gym.phone} or reply here. Msg & data rates may apply. Reply STOP to end.`;
  }
}
