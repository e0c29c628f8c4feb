import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { cmsConfig } from "../../../src/cms/config";
import { maxLength } from "../../../src/cms/fields";
import { fieldTable, type FieldKind, type FieldTable } from "../../../src/content/fieldTable";
import * as schemas from "../../../src/content/schemas";
import { cmsSettings } from "../../../src/node/cmsSettings";
import { readContent } from "../../../src/node/contentFiles";

/**
 * The web editor's collections against the content model: every field the editor writes is one the
 * schema knows, every field the schema requires is one the editor asks for, each is required or
 * optional as in the schema, with a widget that holds its kind of value and the limits the schema
 * states (text length, list length, choices); and every value in content/ today passes the editor's
 * own checks (or staff could not save a page they did not touch).
 */

interface Field {
  name: string;
  widget?: string;
  required?: boolean;
  pattern?: [string, string];
  options?: Array<string | { value: string }>;
  fields?: Field[];
  field?: Field;
  min?: number;
  max?: number;
  value_type?: string;
  multiple?: boolean;
}
interface Collection {
  name: string;
  folder?: string;
  fields?: Field[];
  files?: Array<{ name: string; file: string; fields: Field[] }>;
}

const config = cmsConfig({ repo: "gym/site", branch: "main", review: false }) as unknown as { collections: Collection[] };
const collection = (name: string) => {
  const found = config.collections.find((c) => c.name === name);
  if (!found) throw new Error(`no collection ${name}`);
  return found;
};
const file = (collectionName: string, fileName: string) => {
  const found = collection(collectionName).files?.find((f) => f.name === fileName);
  if (!found) throw new Error(`no file ${fileName} in ${collectionName}`);
  return found.fields;
};

const optionValues = (field: Field) => (field.options ?? []).map((o) => (typeof o === "string" ? o : o.value)).sort();

/** Compares the editor's fields with the schema's field table, recursing into objects and lists. */
function compare(where: string, fields: Field[], table: FieldTable, problems: string[]) {
  const editor = new Map(fields.filter((f) => f.name !== "body").map((f) => [f.name, f]));
  for (const name of editor.keys())
    if (!(name in table)) problems.push(`${where}.${name}: the editor writes a field the schema does not know`);
  for (const [name, field] of Object.entries(table)) {
    const f = editor.get(name);
    if (!f) {
      // Decap keeps values it has no field for, so an optional field may be left to hand edits (a photo's fullSrc).
      if (field.required) problems.push(`${where}.${name}: required by the schema but not in the editor`);
      continue;
    }
    // A hidden field is written back as it was read.
    if (f.widget !== "hidden" && (f.required !== false) !== field.required)
      problems.push(
        `${where}.${name}: ${field.required ? "required by the schema, optional in the editor" : "optional in the schema, required by the editor"}`,
      );
    checkWidget(`${where}.${name}`, f, field, problems);
  }
}

function checkWidget(where: string, f: Field, kind: FieldKind, problems: string[]) {
  if (f.widget === "hidden") return;
  const expect = (ok: boolean, problem: string) => {
    if (!ok) problems.push(`${where}: ${problem}`);
  };
  const widget = `a ${f.widget ?? "string"} widget`;
  switch (kind.kind) {
    case "text":
      expect(["string", "text", "relation"].includes(f.widget ?? "string"), `${widget} for text`);
      if (kind.max !== undefined && f.widget !== "relation")
        expect(f.pattern?.[0] === maxLength(kind.max)[0], `the editor's length limit is not the schema's ${kind.max} characters`);
      return;
    case "choice":
      expect(f.widget === "select" && !f.multiple, `${widget} for one choice`);
      expect(JSON.stringify(optionValues(f)) === JSON.stringify([...kind.options].sort()), "the editor's choices are not the schema's");
      return;
    case "int":
    case "float":
      expect(
        f.widget === "number" && f.value_type === kind.kind,
        `${widget} (${f.value_type ?? "no value_type"}) for ${kind.kind === "int" ? "a whole number" : "a number"}`,
      );
      return;
    case "boolean":
      expect(f.widget === "boolean", `${widget} for yes or no`);
      return;
    case "date":
      expect(f.widget === "datetime", `${widget} for a date`);
      return;
    case "datetime":
      expect(f.widget === "datetime", `${widget} for a date and time`);
      // What the editor writes must be what the schema reads: "2026-11-26 09:00", in the gym's zone as typed.
      expect((f as { format?: string }).format === "YYYY-MM-DD HH:mm", "the editor writes another format than YYYY-MM-DD HH:mm");
      expect((f as { picker_utc?: boolean }).picker_utc === false, "the editor's picker converts the time to UTC");
      return;
    case "image":
      expect(f.widget === "image", `${widget} for a photo`);
      return;
    case "object":
      expect(f.widget === "object" && f.fields !== undefined, `${widget} for an object`);
      if (f.fields) compare(where, f.fields, kind.fields, problems);
      return;
    case "list":
      expect((f.min ?? 0) === kind.min, `the editor asks for at least ${f.min ?? 0} item(s), the schema for ${kind.min}`);
      if (f.widget === "select") {
        // Several choices from one list (the days of an opening hours entry).
        expect(f.multiple === true && kind.of.kind === "choice", `${widget} for a list`);
        if (kind.of.kind === "choice") checkWidget(where, { ...f, multiple: false }, kind.of, problems);
        return;
      }
      expect(f.widget === "list", `${widget} for a list`);
      if (kind.of.kind === "object") {
        if (f.fields) compare(`${where}[]`, f.fields, kind.of.fields, problems);
        else problems.push(`${where}: a list of single values in the editor, of objects in the schema`);
      } else if (f.field) {
        checkWidget(`${where}[]`, f.field, kind.of, problems);
      } else {
        problems.push(`${where}: a list of objects in the editor, of single values in the schema`);
      }
  }
}

const pageFiles = fs.readdirSync("content/pages").map((name) => path.basename(name, ".md"));

test.each<[string, () => Field[], z.ZodTypeAny]>([
  ["announcements", () => collection("announcements").fields ?? [], schemas.announcementSchema],
  ["events", () => collection("events").fields ?? [], schemas.eventSchema],
  ["wod", () => collection("wod").fields ?? [], schemas.wodSchema],
  ["programs", () => collection("programs").fields ?? [], schemas.programSchema],
  ["coaches", () => collection("coaches").fields ?? [], schemas.coachSchema],
  ["galleries", () => collection("galleries").fields ?? [], schemas.gallerySchema],
  ["site.json", () => file("settings", "site"), schemas.siteSchema],
  ["schedule.json", () => file("settings", "schedule"), schemas.scheduleSchema],
  ["rates.json", () => file("settings", "rates"), schemas.ratesSchema],
  ["policies.json", () => file("settings", "policies"), schemas.policiesSchema],
  ["intro.json", () => file("settings", "intro"), schemas.introSchema],
  ["testimonials.json", () => file("settings", "testimonials"), schemas.testimonialsSchema],
  ["privacy.json", () => file("settings", "privacy"), schemas.privacySchema],
  ["waiver.json", () => file("settings", "waiver"), schemas.waiverSchema],
  ["visit.json", () => file("settings", "visit"), schemas.visitSchema],
  ...pageFiles.map((name): [string, () => Field[], z.ZodTypeAny] => [`pages/${name}.md`, () => file("pages", name), schemas.pageSchema]),
])("the editor's %s fields match the content schema", (where, fields, schema) => {
  const problems: string[] = [];
  compare(where, fields(), fieldTable(schema), problems);
  expect(problems).toEqual([]);
});

test("an editor field that drifts from the schema is named", () => {
  const drifted = (collection("announcements").fields ?? []).map((f) => {
    if (f.name === "title") return { ...f, pattern: maxLength(120) };
    if (f.name === "summary") return { ...f, required: false };
    if (f.name === "date") return { ...f, widget: "string" };
    return f;
  });
  const problems: string[] = [];
  compare("announcements", [...drifted, { name: "subtitle", widget: "string" }], fieldTable(schemas.announcementSchema), problems);
  expect(problems.sort()).toEqual([
    "announcements.date: a string widget for a date",
    "announcements.subtitle: the editor writes a field the schema does not know",
    "announcements.summary: required by the schema, optional in the editor",
    "announcements.title: the editor's length limit is not the schema's 70 characters",
  ]);
  const hours = file("settings", "site").find((f) => f.name === "hours");
  const days = { ...hours, fields: hours?.fields?.map((f) => (f.name === "days" ? { ...f, min: 0, options: ["Monday"] } : f)) } as Field;
  const listProblems: string[] = [];
  checkWidget("site.hours", days, fieldTable(schemas.siteSchema).hours as FieldKind, listProblems);
  expect(listProblems).toEqual([
    "site.hours[].days: the editor asks for at least 0 item(s), the schema for 1",
    "site.hours[].days: the editor's choices are not the schema's",
  ]);
});

test("every page the build requires is editable", () => {
  const files = collection("pages").files?.map((f) => f.file) ?? [];
  expect(files.sort()).toEqual(
    fs
      .readdirSync("content/pages")
      .map((name) => `content/pages/${name}`)
      .sort(),
  );
});

/** Every value in a file checked against the editor's pattern, select options and number limits. */
function checkValues(where: string, fields: Field[], data: Record<string, unknown>, problems: string[]) {
  for (const f of fields) {
    const value = data[f.name];
    // Decap writes "" for an optional field staff emptied, and checks no pattern on it.
    if (value === undefined || value === null || (value === "" && f.required === false)) {
      if (f.required !== false && f.widget !== "hidden" && f.name !== "body")
        problems.push(`${where}.${f.name}: missing but required by the editor`);
      continue;
    }
    if (f.pattern && (typeof value === "string" || typeof value === "number") && !new RegExp(f.pattern[0]).test(String(value)))
      problems.push(`${where}.${f.name}: "${String(value)}" fails the editor's check: ${f.pattern[1]}`);
    if (f.widget === "select" && f.options) {
      const allowed = f.options.map((o) => (typeof o === "string" ? o : o.value));
      for (const v of Array.isArray(value) ? value : [value])
        if (!allowed.includes(String(v))) problems.push(`${where}.${f.name}: "${String(v)}" is not an option`);
    }
    if (f.widget === "number" && typeof value === "number") {
      if (f.min !== undefined && value < f.min) problems.push(`${where}.${f.name}: ${value} is under the editor's minimum ${f.min}`);
      if (f.max !== undefined && value > f.max) problems.push(`${where}.${f.name}: ${value} is over the editor's maximum ${f.max}`);
    }
    if (f.widget === "object" && f.fields) checkValues(`${where}.${f.name}`, f.fields, value as Record<string, unknown>, problems);
    if (f.widget === "list" && Array.isArray(value)) {
      value.forEach((item, index) => {
        if (f.fields) checkValues(`${where}.${f.name}[${index}]`, f.fields, item as Record<string, unknown>, problems);
        else if (f.field) checkValues(`${where}.${f.name}[${index}]`, [{ ...f.field, name: "value" }], { value: item }, problems);
      });
    }
  }
}

test("everything in content/ today can be saved from the editor unchanged", () => {
  const { raw } = readContent();
  const problems: string[] = [];
  const json = (name: string) => JSON.parse(fs.readFileSync(path.join("content", name), "utf8")) as Record<string, unknown>;
  for (const name of ["site", "schedule", "rates", "policies", "intro", "testimonials", "privacy", "waiver", "visit"])
    checkValues(`${name}.json`, file("settings", name), json(`${name}.json`), problems);
  for (const md of raw.announcements)
    checkValues(md.file, collection("announcements").fields ?? [], md.frontmatter as Record<string, unknown>, problems);
  for (const md of raw.events) checkValues(md.file, collection("events").fields ?? [], md.frontmatter as Record<string, unknown>, problems);
  for (const md of raw.wods) checkValues(md.file, collection("wod").fields ?? [], md.frontmatter as Record<string, unknown>, problems);
  for (const md of raw.programs)
    checkValues(md.file, collection("programs").fields ?? [], md.frontmatter as Record<string, unknown>, problems);
  for (const md of raw.coaches)
    checkValues(md.file, collection("coaches").fields ?? [], md.frontmatter as Record<string, unknown>, problems);
  for (const page of raw.pages) {
    const name = path.basename(page.file, ".md");
    checkValues(page.file, file("pages", name), page.frontmatter as Record<string, unknown>, problems);
  }
  for (const gallery of raw.galleries)
    checkValues(gallery.file, collection("galleries").fields ?? [], gallery.data as Record<string, unknown>, problems);
  expect(problems).toEqual([]);
});

test("the editor refuses what the build refuses", () => {
  const fields = Object.fromEntries((collection("announcements").fields ?? []).map((f) => [f.name, f]));
  const refuses = (name: string, value: string) => !new RegExp(fields[name]?.pattern?.[0] ?? "").test(value);
  expect(refuses("title", "x".repeat(71))).toBe(true);
  expect(refuses("title", "x".repeat(70))).toBe(false);
  expect(refuses("imageAlt", "pic")).toBe(true);
  expect(refuses("image", "../images/poster.gif")).toBe(true);
  const rates = file("settings", "rates");
  const plan = Object.fromEntries((rates.find((f) => f.name === "plans")?.fields ?? []).map((f) => [f.name, f]));
  expect(new RegExp(plan.id?.pattern?.[0] ?? "").test("Drop In")).toBe(false);
  expect(plan.period?.options).toEqual([...schemas.PERIODS]);
});

test("the editor refuses an event's sign-up link the build refuses", () => {
  const field = (collection("events").fields ?? []).find((f) => f.name === "registerUrl");
  const accepts = (value: string) => new RegExp(field?.pattern?.[0] ?? "").test(value);
  for (const good of ["https://games.crossfit.com/", "/contact/", "/intro/?from=event"]) expect(accepts(good)).toBe(true);
  for (const bad of ["games.crossfit.com", "//evil.example/x", "javascript:alert(1)", "https://localhost", "/contact us/"])
    expect(accepts(bad)).toBe(false);
});

test("the editor refuses a plan's payment link the build refuses, and leaves it optional", () => {
  const plans = file("settings", "rates").find((f) => f.name === "plans")?.fields ?? [];
  const field = plans.find((f) => f.name === "paymentLink");
  expect(field?.required).toBe(false);
  const accepts = (value: string) => new RegExp(field?.pattern?.[0] ?? "").test(value);
  const build = (value: string) => schemas.planSchema.shape.paymentLink.safeParse(value).success;
  for (const good of ["https://buy.stripe.com/5kA9AK3jF0bc", "https://buy.stripe.com/test_eVa5nPg1j1wmfXq5kr"]) {
    expect(accepts(good)).toBe(true);
    expect(build(good)).toBe(true);
  }
  for (const bad of [
    "http://buy.stripe.com/5kA9AK3jF0bc",
    "https://buy.stripe.com.evil.example/5kA9AK3jF0bc",
    "https://checkout.stripe.com/c/pay/cs_test_a1",
    "https://buy.stripe.com/5kA9AK3jF0bc?prefilled_email=a%40b.example",
    "https://buy.stripe.com/",
    "buy.stripe.com/5kA9AK3jF0bc",
    " https://buy.stripe.com/5kA9AK3jF0bc",
    "javascript:alert(1)//buy.stripe.com/x",
  ]) {
    expect(accepts(bad)).toBe(false);
    expect(build(bad)).toBe(false);
  }
  // Emptied in the editor, the field is "" (Decap checks no pattern then): no link, not a mistake.
  expect(build("")).toBe(true);
});

test("review mode sends changes through pull requests; without it they go straight to the branch", () => {
  expect(cmsConfig({ repo: "gym/site", branch: "main", review: true })).toMatchObject({
    publish_mode: "editorial_workflow",
    backend: { name: "github", repo: "gym/site", branch: "main" },
  });
  expect(cmsConfig({ repo: "gym/site", branch: "main", review: false })).not.toHaveProperty("publish_mode");
});

test("the editor's settings: a missing or malformed repository is one clear line, never a failed build", () => {
  expect(cmsSettings({ CMS_GITHUB_REPO: "crossfit-graham/website" })).toEqual({
    settings: { repo: "crossfit-graham/website", branch: "main", review: false },
  });
  expect(cmsSettings({ CMS_GITHUB_REPO: " gym/site ", CMS_BRANCH: "staging", CMS_REVIEW: "1" }).settings).toEqual({
    repo: "gym/site",
    branch: "staging",
    review: true,
  });
  expect(cmsSettings({}).problem).toMatch(/^CMS_GITHUB_REPO is not set/);
  expect(cmsSettings({ CMS_GITHUB_REPO: "https://github.com/gym/site" }).problem).toMatch(/must look like owner\/name/);
});
