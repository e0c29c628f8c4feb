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
