import { MAX_TEXT_CHARACTERS, textSize, withinTextLimit } from "../../../src/texts/segments";

/** The console's counter: characters and segments, as Twilio bills them. */

describe("a text's size", () => {
  test.each<[string, string, number, number, "GSM-7" | "UCS-2"]>([
    ["empty", "", 0, 0, "GSM-7"],
    ["one GSM-7 segment, full", "a".repeat(160), 160, 1, "GSM-7"],
    ["two GSM-7 segments from 161 characters", "a".repeat(161), 161, 2, "GSM-7"],
    ["153 characters in each of several", "a".repeat(306), 306, 2, "GSM-7"],
    ["and a third from 307", "a".repeat(307), 307, 3, "GSM-7"],
    ["GSM-7's accented letters stay GSM-7", "é".repeat(160), 160, 1, "GSM-7"],
    ["an extended character counts two", `${"a".repeat(158)}€`, 160, 1, "GSM-7"],
    ["and tips it over", `${"a".repeat(159)}€`, 161, 2, "GSM-7"],
    ["one emoji makes it UCS-2: 70 in one", `${"a".repeat(68)}💪`, 69, 1, "UCS-2"],
    ["67 in each of several", `${"a".repeat(70)}💪`, 71, 2, "UCS-2"],
    ["a curly quote is UCS-2 too", "See you there’", 14, 1, "UCS-2"],
  ])("%s", (_, body, characters, segments, encoding) => {
    expect(textSize(body)).toMatchObject({ characters, segments, encoding });
  });

  test("names the characters that made it UCS-2", () => {
    expect(textSize("Great job today 💪 see you ’round").notGsm).toEqual(["💪", "’"]);
  });

  test("Twilio's 1,600 characters are the limit, counted as a person counts them", () => {
    expect(withinTextLimit("a".repeat(MAX_TEXT_CHARACTERS))).toBe(true);
    expect(withinTextLimit("a".repeat(MAX_TEXT_CHARACTERS + 1))).toBe(false);
    expect(withinTextLimit("💪".repeat(MAX_TEXT_CHARACTERS))).toBe(true);
  });
});
