import { AUDIT_WORDS, auditWords } from "../../../src/desk/audit";

test("every code the log records reads as words on the Accounts screen", () => {
  expect(auditWords("intro.no-show")).toBe("recorded a no-show at the intro");
  for (const [code, words] of Object.entries(AUDIT_WORDS)) {
    expect(auditWords(code)).toBe(words);
    // Words a person reads, never the code itself.
    expect(words).toMatch(/^[a-z][a-z -]*[a-z]$/);
    expect(words).not.toBe(code);
  }
});

test("a code from an older release, or one this console does not know, reads as it was stored", () => {
  expect(auditWords("lead.archive")).toBe("lead.archive");
  expect(auditWords("toString")).toBe("toString");
});
