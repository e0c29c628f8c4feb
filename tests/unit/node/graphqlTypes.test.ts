import { z } from "zod";
import { fieldTable } from "../../../src/content/fieldTable";
import * as schemas from "../../../src/content/schemas";
import { contentTypeDefs } from "../../../src/node/graphqlTypes";
import { MARKDOWN_COLLECTIONS, typeDefs } from "../../../src/node/schema";

/** The GraphQL types are derived from the content schemas: each field non-null exactly where the schema requires it. */

/** "type Name ... { field: Type! ... }" blocks of SDL, as { Name: { field: "Type!" } }. */
function parseTypes(sdl: string): Record<string, Record<string, string>> {
  const types: Record<string, Record<string, string>> = {};
  for (const match of sdl.matchAll(/type (\w+)[^{]*\{([^}]*)\}/g)) {
    const fields = [...(match[2] ?? "").matchAll(/^\s+(\w+): (\S+)/gm)].map((field) => [field[1] ?? "", field[2] ?? ""]);
    types[match[1] ?? ""] = Object.fromEntries(fields);
  }
  return types;
}

const types = parseTypes(typeDefs);

test.each([
  ["SiteJson", schemas.siteSchema],
  ["IntroJson", schemas.introSchema],
  ["ScheduleJson", schemas.scheduleSchema],
  ["RatesJson", schemas.ratesSchema],
  ["PoliciesJson", schemas.policiesSchema],
  ["PrivacyJson", schemas.privacySchema],
  ["WaiverJson", schemas.waiverSchema],
  ["TestimonialsJson", schemas.testimonialsSchema],
  ["Announcement", schemas.announcementSchema],
  ["Program", schemas.programSchema],
  ["Page", schemas.pageSchema],
  ["Coach", schemas.coachSchema],
])("%s has every field of its schema, non-null exactly where the schema requires it", (type, schema) => {
  const declared = types[type] ?? {};
  for (const [name, field] of Object.entries(fieldTable(schema))) {
    expect([name, declared[name]?.endsWith("!")]).toEqual([name, field.required]);
  }
});

test("the markdown collections: dates, photos, lists and the slug, as their schemas declare them", () => {
  expect(types.Announcement).toEqual({
    title: "String!",
    date: "Date!",
    summary: "String!",
    image: "File",
    imageAlt: "String",
    expires: "Date",
    slug: "String!",
  });
  expect(types.Program).toMatchObject({ order: "Int!", hero: "File!", heroAlt: "String!", highlights: "[String!]!", faq: "[Faq!]!" });
  expect(types.Faq).toEqual({ question: "String!", answer: "String!" });
  expect(typeDefs).toContain("  date: Date! @dateformat\n");
  expect(typeDefs).toContain("  hero: File! @fileByRelativePath\n");
  // A gallery's own id: gatsby-transformer-json stores it as jsonId.
  expect(types.GalleryJson).toMatchObject({ jsonId: "String!", order: "Int", images: "[GalleryImage!]!" });
  expect(types.GalleryImage).toMatchObject({ id: "String!", src: "File!", fullSrc: "File" });
  // An event's times are the gym's wall-clock text: a GraphQL Date would read them as UTC.
  expect(types.Event).toMatchObject({ start: "String!", end: "String", price: "Float!", image: "File", slug: "String!" });
  expect(MARKDOWN_COLLECTIONS.map((collection) => [collection.folder, collection.type])).toEqual([
    ["announcements", "Announcement"],
    ["events", "Event"],
    ["programs", "Program"],
    ["pages", "Page"],
    ["coaches", "Coach"],
    ["wod", "Wod"],
  ]);
  expect(types.Coach).toMatchObject({ photo: "File!", photoAlt: "String!", certifications: "[String!]!", programs: "[String!]!" });
  expect(types.Program).toMatchObject({ starts: "[Date!]" });
  expect(types.Testimonial).toEqual({ quote: "String!", name: "String!", memberSince: "Int!", postedOn: "String!", programs: "[String!]" });
  // Optional, and whole when given.
  expect(types.TestimonialsJson).toMatchObject({ googleRating: "GoogleRating" });
  expect(types.GoogleRating).toEqual({ rating: "Float!", count: "Int!", url: "String!" });
  expect(types.VisitJson).toMatchObject({ parking: "String!", door: "String!", fitness: "String!" });
  expect(types.Wod).toEqual({ date: "Date!", title: "String!", parts: "[WodPart!]!", coachNotes: "String", slug: "String!" });
  expect(types.WodPart).toEqual({ name: "String!", rx: "String!", scaled: "String!", foundations: "String!" });
});

test("a schema field the GraphQL types cannot express is an error naming it, not a guess", () => {
  const nested = z.object({ coach: z.object({ name: z.string() }) });
  expect(() => contentTypeDefs({ type: "Roster", schema: nested })).toThrow('Roster: name the object type at "coach"');
  expect(contentTypeDefs({ type: "Roster", schema: nested, objects: { coach: "RosterCoach" } })).toContain(
    "type RosterCoach {\n  name: String!\n}",
  );
  expect(() => contentTypeDefs({ type: "Roster", schema: z.object({ anything: z.unknown() }) })).toThrow("Roster.anything: no field kind");
  expect(() => contentTypeDefs({ type: "Roster", schema: z.object({ names: z.array(z.string().optional()) }) })).toThrow(
    "Roster.names: a list of optional items",
  );
});
