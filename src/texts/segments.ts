import { SegmentedMessage } from "sms-segments-calculator";

/**
 * How a text goes over the air, counted by Twilio's own calculator (sms-segments-calculator, from
 * TwilioDevEd/message-segment-calculator): GSM-7 fits 160 characters in one segment and 153 in each of
 * several; one character outside GSM-7 (an emoji, a curly quote) makes the whole text UCS-2, 70 and 67.
 * Each segment is billed as a text. Pure: the console's counter and the server use the same count.
 */
export interface TextSize {
  /** Characters as the encoding counts them (GSM-7's extended characters, such as € or {, take two). */
  characters: number;
  segments: number;
  encoding: "GSM-7" | "UCS-2";
  /** The characters that made it UCS-2, so the counter can say which to change. */
  notGsm: string[];
}

/** Twilio refuses a longer body (error 21617); its description: "Can be up to 1,600 characters long". */
export const MAX_TEXT_CHARACTERS = 1600;

export function textSize(body: string): TextSize {
  const message = new SegmentedMessage(body);
  return {
    characters: message.numberOfCharacters,
    segments: body === "" ? 0 : message.segmentsCount,
    encoding: message.encodingName,
    notGsm: message.getNonGsmCharacters(),
  };
}

/** Whether Twilio takes a body of this length: counted in Unicode code points, as a person counts them. */
export function withinTextLimit(body: string): boolean {
  return [...body].length <= MAX_TEXT_CHARACTERS;
}

/**
 * The most segments a staff member's text may take: each is billed as a text, and a longer one reads as
 * a letter on a phone. Ten GSM-7 segments are 1,530 characters, ten UCS-2 ones 670.
 */
export const MAX_TEXT_SEGMENTS = 10;

/** 1600 as "1,600", without Intl (the console's pages count as they type). */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Why a text is too long to send, in the console's words (the server refuses with the same), or null. */
export function textTooLong(body: string): string | null {
  if (!withinTextLimit(body)) {
    return `Keep a text under ${thousands(MAX_TEXT_CHARACTERS)} characters: this one has ${thousands([...body].length)}.`;
  }
  const { segments, encoding } = textSize(body);
  if (segments <= MAX_TEXT_SEGMENTS) return null;
  const room = encoding === "GSM-7" ? "1,530 characters" : "670 characters with an emoji or a character outside plain text";
  return `Keep a text to ${MAX_TEXT_SEGMENTS} segments (${room}): this one takes ${segments}.`;
}
