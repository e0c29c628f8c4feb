import { createHash } from "node:crypto";
import { site } from "../../../src/server/content";
import { publishedTextConsent, textConsentVersion } from "../../../src/server/texts/consent";
import { TEXT_CONSENT_LABEL, textConsentWords } from "../../../src/texts/consent";

/** The words a person agrees to before the gym may text them, kept exactly in the consent ledger. */

const words = textConsentWords(site);

describe("the texting consent's words", () => {
  test("say who texts, about what, how often, the cost, how to stop and get help, and where the privacy page is", () => {
    expect(words.label).toBe("Text me about my enquiry");
    expect(TEXT_CONSENT_LABEL).toBe(words.label);
    expect(words.text).toContain(site.name);
    expect(words.text).toMatch(/about your enquiry/);
    expect(words.text).toMatch(/frequency varies/);
    expect(words.text).toContain("Msg & data rates may apply.");
    expect(words.text).toContain("Reply STOP to end, HELP for help.");
    expect(words.text).toMatch(/not a condition of joining/);
    expect(words.privacyPath).toBe("/privacy/");
    expect(words.text.endsWith(`Privacy policy: www.crossfitgraham.com/privacy/`)).toBe(true);
    expect(words.text).toBe(`${words.lead} Privacy policy: ${words.privacyAddress}`);
  });

  test("name the gym content/site.json names", () => {
    expect(textConsentWords({ name: "Another Box", url: "https://another.example" }).text).toMatch(
      /^Another Box will text.*another\.example\/privacy\/$/,
    );
  });

  test("are stored with the SHA-256 of the exact text as their version", () => {
    const published = publishedTextConsent(site);
    expect(published.text).toBe(words.text);
    expect(published.version).toBe(createHash("sha256").update(words.text, "utf8").digest("hex"));
  });

  test("a change of one character is a new version; the same words in another Unicode form are not", () => {
    expect(textConsentVersion(`${words.text}.`)).not.toBe(textConsentVersion(words.text));
    expect(textConsentVersion("Cafe\u0301")).toBe(textConsentVersion("Café"));
  });
});
