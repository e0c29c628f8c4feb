import { fillTemplate, repliesFor } from "../../../../src/server/leads/replies";
import type { StoredSubmission } from "../../../../src/server/store/submission";

/**
 * A template filled in for one lead: the visitor's name goes in as they typed it. Anyone can send the
 * contact form with any name, so nothing in it may be read as a pattern or as another placeholder.
 */

const SITE = "https://gym.example";
const lead = (name: string): StoredSubmission => ({
  id: "C-TEMPLATE01",
  form: "contact",
  createdAt: new Date("2026-11-30T18:00:00Z"),
  payload: { name, email: "visitor@example.com" },
  spam: null,
});

test("{name} is the first name and {intro} the booking page, every time each appears", () => {
  expect(fillTemplate("Hi {name}, {name}! Book: {intro} ({intro})", lead("Rosa Maria Flow"), SITE)).toBe(
    "Hi Rosa, Rosa! Book: https://gym.example/intro/ (https://gym.example/intro/)",
  );
  expect(fillTemplate("Hi {name},", lead("   "), SITE)).toBe("Hi there,");
});

// Jest's %p would read these names as patterns too: each title is written out.
for (const name of ["$`$`$", "$&", "$'", "$1", "$$", "$<name>", "{intro}", "{name}"]) {
  test(`a visitor named ${JSON.stringify(name)} is greeted by exactly that name, before and after the other placeholder`, () => {
    const template = "Hi {name}, book at {intro} - see you, {name}.";
    expect(fillTemplate(template, lead(name), SITE)).toBe(`Hi ${name}, book at https://gym.example/intro/ - see you, ${name}.`);
  });
}

test("a name that would copy the template into itself leaves the subject and body as written", () => {
  const [filled] = repliesFor(
    [
      {
        id: 1,
        name: "Welcome",
        channel: "email",
        subject: "Welcome, {name}",
        body: "Hi {name},\n\n{intro}",
        updatedAt: new Date(),
        updatedBy: "owner@gym.example",
      },
    ],
    lead("$`$`$"),
    SITE,
  );
  expect(filled).toEqual({ id: 1, name: "Welcome", subject: "Welcome, $`$`$", body: "Hi $`$`$,\n\nhttps://gym.example/intro/" });
});
