/** One example of every kind of character that is not text, and what the visitor is told. */
export const NOT_TEXT: ReadonlyArray<[kind: string, value: string, message: RegExp]> = [
  ["NUL", "Ana\u0000Ruiz", /hidden control characters/],
  ["escape sequence", "Ana \u001b[31mRuiz", /hidden control characters/],
  ["bell", "Ana\u0007", /hidden control characters/],
  ["DEL", "Ana\u007f", /hidden control characters/],
  ["C1 control", "Ana\u009bRuiz", /hidden control characters/],
  ["bidi override", "Ana \u202eziuR", /text-direction/],
  ["bidi isolate", "Ana \u2066Ruiz\u2069", /text-direction/],
  ["lone high surrogate", "Ana \ud83d", /broken character/],
  ["lone low surrogate", "\ude00 Ana", /broken character/],
  // Plain ASCII, but a mail client decodes it wherever it lands in a header: here to "\u202eAna".
  ["RFC 2047 encoded word", "=?UTF-8?B?4oCuQW5h?=", /as plain text/],
];
