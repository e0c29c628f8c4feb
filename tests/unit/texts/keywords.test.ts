import { HELP_WORDS, keywordOf, keywordReply, OPT_IN_WORDS, OPT_OUT_WORDS } from "../../../src/server/texts/keywords";

/** The keywords, in any case and alone in the message; anything else is a text for staff. */

const GYM = { name: "CrossFit Graham", phone: "+1-253-555-0142" };

describe("keywords", () => {
  test("are exactly the issue's (and Twilio's default opt-out) words", () => {
    expect([...OPT_OUT_WORDS].sort()).toEqual(["CANCEL", "END", "OPTOUT", "QUIT", "REVOKE", "STOP", "STOPALL", "UNSUBSCRIBE"]);
    expect([...OPT_IN_WORDS].sort()).toEqual(["START", "UNSTOP"]);
    expect(HELP_WORDS).toEqual(["HELP"]);
  });

  test.each([...OPT_OUT_WORDS.map((word) => [word, "opt-out"]), ...OPT_IN_WORDS.map((word) => [word, "opt-in"]), ["HELP", "help"]])(
    "%s in any case is %s",
    (word, keyword) => {
      for (const written of [word, word.toLowerCase(), `${word[0]}${word.slice(1).toLowerCase()}`])
        expect(keywordOf(written)).toBe(keyword);
    },
  );

  test.each([
    " stop ",
    "STOP.",
    "Stop!",
    "stop!!",
    '"Stop"',
    "“stop”",
    "STOP 🛑",
    "stop\n",
    "\tStop?",
    "ＳＴＯＰ",
    "Opt-out",
    "opt out",
    "Stop all",
    "UN-SUBSCRIBE",
  ])("%j is a stop: one word, as a phone may write it", (body) => {
    expect(keywordOf(body)).toBe("opt-out");
  });

  test.each(["Start.", " unstop ", "START!"])("%j is a start", (body) => expect(keywordOf(body)).toBe("opt-in"));
  test.each(["Help?", "help!", " HELP "])("%j asks for help", (body) => expect(keywordOf(body)).toBe("help"));

  test.each([
    "STOP PLEASE",
    "please stop",
    "Don't stop",
    "I can't make it, cancel my intro",
    "Can I start on Monday?",
    "help me find the door",
    "stopped",
    "Yes",
    "INFO",
    "",
    "   ",
    "🛑",
    "Thanks!",
  ])("%j is a text for staff, not a keyword", (body) => {
    expect(keywordOf(body)).toBeNull();
  });

  test("a start word split in two is not a start (only stopping reads generously)", () => {
    expect(keywordOf("UN STOP")).toBeNull();
  });
});

describe("the replies", () => {
  test("each names the gym and how to stop or restart; HELP gives its number", () => {
    expect(keywordReply("opt-out", GYM)).toMatch(/^CrossFit Graham: .*no more texts.*START/);
    expect(keywordReply("opt-in", GYM)).toMatch(/^CrossFit Graham: .*STOP to end, HELP for help/);
    const help = keywordReply("help", GYM);
    expect(help).toContain("+1-253-555-0142");
    expect(help).toContain("Reply STOP to end");
    expect(help).toContain("Msg & data rates may apply");
  });

  test("each fits in one text", () => {
    for (const keyword of ["opt-out", "opt-in", "help"] as const) expect(keywordReply(keyword, GYM).length).toBeLessThanOrEqual(160);
  });
});
