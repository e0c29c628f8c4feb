import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { cmsConfig } from "../../src/cms/config";
import * as schemas from "../../src/content/schemas";
import { cmsSettings } from "../../src/node/cmsSettings";
import { readContent } from "../../src/node/contentFiles";

/**
 * The web editor's collections against the content model: every field the editor writes is one the
 * schema knows, every field the schema requires is one the editor asks for, and every value in
 * content/ today passes the editor's own checks (or staff could not save a page they did not touch).
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

/** The object schema inside refinements and optionals. */
function objectShape(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> | undefined {
  if (schema instanceof z.ZodEffects) return objectShape(schema.innerType());
  if (schema instanceof z.ZodOptional) return objectShape(schema.unwrap());
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodTypeAny>;
  return undefined;
}
const element = (schema: z.ZodTypeAny): z.ZodTypeAny | undefined => {
  if (schema instanceof z.ZodOptional) return element(schema.unwrap());
  return schema instanceof z.ZodArray ? (schema.element as z.ZodTypeAny) : undefined;
};

/** Compares the editor's fields with a schema, recursing into objects and lists of objects. */
function compare(where: string, fields: Field[], schema: z.ZodTypeAny, problems: string[]) {
  const shape = objectShape(schema);
  if (!shape) return;
  const names = new Set(fields.filter((f) => f.name !== "body").map((f) => f.name));
  for (const name of names) if (!(name in shape)) problems.push(`${where}.${name}: the editor writes a field the schema does not know`);
  for (const [name, fieldSchema] of Object.entries(shape)) {
    if (!names.has(name) && !fieldSchema.isOptional()) problems.push(`${where}.${name}: required by the schema but not in the editor`);
  }
  for (const f of fields) {
    const fieldSchema = shape[f.name];
    if (!fieldSchema) continue;
    if (f.fields && f.widget === "object") compare(`${where}.${f.name}`, f.fields, fieldSchema, problems);
    const item = element(fieldSchema);
    if (f.fields && f.widget === "list" && item) compare(`${where}.${f.name}[]`, f.fields, item, problems);
  }
}

test.each([
  ["announcements", () => collection("announcements").fields ?? [], schemas.announcementSchema],
  ["programs", () => collection("programs").fields ?? [], schemas.programSchema],
  ["galleries", () => collection("galleries").fields ?? [], schemas.gallerySchema],
  ["site.json", () => file("settings", "site"), schemas.siteSchema],
  ["schedule.json", () => file("settings", "schedule"), schemas.scheduleSchema],
  ["rates.json", () => file("settings", "rates"), schemas.ratesSchema],
  ["policies.json", () => file("settings", "policies"), schemas.policiesSchema],
  ["intro.json", () => file("settings", "intro"), schemas.introSchema],
  ["testimonials.json", () => file("settings", "testimonials"), schemas.testimonialsSchema],
  ["privacy.json", () => file("settings", "privacy"), schemas.privacySchema],
  ["waiver.json", () => file("settings", "waiver"), schemas.waiverSchema],
  ["pages/about.md", () => file("pages", "about"), schemas.pageSchema],
])("the editor's %s fields match the content schema", (where, fields, schema) => {
  const problems: string[] = [];
  compare(where, fields(), schema as z.ZodTypeAny, problems);
  expect(problems).toEqual([]);
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
    if (value === undefined || value === null) {
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
  for (const name of ["site", "schedule", "rates", "policies", "intro", "testimonials", "privacy", "waiver"])
    checkValues(`${name}.json`, file("settings", name), json(`${name}.json`), problems);
  for (const md of raw.announcements)
    checkValues(md.file, collection("announcements").fields ?? [], md.frontmatter as Record<string, unknown>, problems);
  for (const md of raw.programs)
    checkValues(md.file, collection("programs").fields ?? [], md.frontmatter as Record<string, unknown>, problems);
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
  expect(refuses("title", "x".repeat(101))).toBe(true);
  expect(refuses("title", "x".repeat(100))).toBe(false);
  expect(refuses("imageAlt", "pic")).toBe(true);
  expect(refuses("image", "../images/poster.gif")).toBe(true);
  const rates = file("settings", "rates");
  const plan = Object.fromEntries((rates.find((f) => f.name === "plans")?.fields ?? []).map((f) => [f.name, f]));
  expect(new RegExp(plan.id?.pattern?.[0] ?? "").test("Drop In")).toBe(false);
  expect(plan.period?.options).toEqual([...schemas.PERIODS]);
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
