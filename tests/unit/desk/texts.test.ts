import { automationWords, textStatusWords } from "../../../src/desk/texts";
import type { TextAutomation } from "../../../src/server/texts/types";

/** How a person's timeline names a text's author and its status (src/desk/texts.ts). */

test("each of the site's automatic texts has its own name on the timeline", () => {
  const automations: Record<TextAutomation, string> = {
    "instant-answer": "automatic answer",
    "keyword-reply": "automatic reply to STOP, START or HELP",
    "intro-reminder": "automatic intro reminder",
    "no-show-offer": "automatic offer of a new intro time",
  };
  for (const [automation, words] of Object.entries(automations)) expect(automationWords(automation)).toBe(words);
  expect(automationWords(null)).toBe("automatic text");
  expect(automationWords("toString")).toBe("automatic text");
});

test("a text's status in plain words: waiting, sent, delivered, not sent and why, received", () => {
  expect(textStatusWords("in", "received", null)).toBe("received");
  expect(textStatusWords("out", "waiting", null)).toBe("waiting to go");
  expect(textStatusWords("out", "queued", null)).toBe("sent to Twilio");
  expect(textStatusWords("out", "delivered", null)).toBe("delivered");
  expect(textStatusWords("out", "not-sent", "the number never agreed to texts")).toBe("not sent: the number never agreed to texts");
  expect(textStatusWords("out", "canceled", null)).toBe("not sent: canceled");
});

test("a text the carrier did not deliver says why in words staff can act on, with Twilio's code", () => {
  expect(textStatusWords("out", "undelivered", "Twilio error 30006")).toBe(
    "not delivered: a landline, or a carrier that takes no texts: call instead (Twilio error 30006)",
  );
  expect(textStatusWords("out", "failed", "Twilio error 30003")).toBe(
    "not delivered: the phone was off or out of reach (Twilio error 30003)",
  );
  // A code without words here still says what Twilio said; none at all says only that.
  expect(textStatusWords("out", "undelivered", "Twilio error 30999")).toBe("not delivered (Twilio error 30999)");
  expect(textStatusWords("out", "undelivered", null)).toBe("not delivered");
});
