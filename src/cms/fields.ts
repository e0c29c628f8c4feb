import type DecapCms from "decap-cms-app";
import { CLOCK, DAYS } from "../content/dates";
import { ALT_MIN, IMAGE_FILE, SLUG, SLUG_MESSAGE } from "../content/schemas";

/** Decap field builders that carry the content model's rules (src/content/schemas.ts). */

export type CmsConfig = Parameters<(typeof DecapCms)["init"]>[0] extends infer Options
  ? Options extends { config?: infer Config }
    ? Config
    : never
  : never;
export type Collection = CmsConfig["collections"][number];
export type Field = NonNullable<Collection["fields"]>[number];

export const maxLength = (max: number): [string, string] => [`^[\\s\\S]{1,${max}}$`, `At most ${max} characters`];
// Decap ends its "did not match the pattern: ..." line with its own full stop.
export const pattern = (regex: RegExp, message: string): [string, string] => [regex.source, upperFirst(message)];
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const text = (name: string, label: string, max: number, extra: Partial<Field> = {}): Field =>
  ({ name, label, widget: "string", pattern: maxLength(max), ...extra }) as Field;
export const longText = (name: string, label: string, max: number, extra: Partial<Field> = {}): Field =>
  ({ name, label, widget: "text", pattern: maxLength(max), ...extra }) as Field;
/** A full address on the web: https only, as the content's own URLs are (src/content/schemas.ts). */
export const webAddress = (name: string, label: string): Field =>
  ({ name, label, widget: "string", pattern: ["^https://", "Must be a full address starting with https://"] }) as Field;
export const slug = (name: string, label: string, hint: string): Field =>
  ({ name, label, widget: "string", pattern: pattern(SLUG, SLUG_MESSAGE), hint }) as Field;
export const clock = (name: string, label: string): Field =>
  ({
    name,
    label,
    widget: "string",
    pattern: pattern(CLOCK, 'must be a 24-hour time like "05:00" or "17:30"'),
    hint: "24-hour time, like 05:00 or 17:30",
  }) as Field;
export const date = (name: string, label: string, required = true): Field =>
  ({
    name,
    label,
    widget: "datetime",
    format: "YYYY-MM-DD",
    date_format: "YYYY-MM-DD",
    time_format: false,
    picker_utc: true,
    required,
  }) as Field;
/**
 * A date and a wall-clock time at the gym, "2026-11-26 09:00". picker_utc stays off: the picker shows
 * the time as typed and the file keeps it as typed, whatever zone the editor's computer is in.
 */
export const dateTime = (name: string, label: string, required = true): Field =>
  ({
    name,
    label,
    widget: "datetime",
    format: "YYYY-MM-DD HH:mm",
    date_format: "YYYY-MM-DD",
    time_format: "HH:mm",
    picker_utc: false,
    required,
    hint: "The time on the gym's clock, 24-hour.",
  }) as Field;
export const wholeNumber = (name: string, label: string, min: number, max?: number, extra: Partial<Field> = {}): Field =>
  ({ name, label, widget: "number", value_type: "int", min, ...(max === undefined ? {} : { max }), ...extra }) as Field;
export const image = (name: string, label: string, required = true): Field =>
  ({
    name,
    label,
    widget: "image",
    required,
    choose_url: false,
    pattern: pattern(IMAGE_FILE, "must be a .jpg, .png, .webp or .avif photo"),
  }) as Field;
export const alt = (name: string, label: string, required = true): Field =>
  ({
    name,
    label,
    widget: "string",
    required,
    pattern: [
      `^\\s*\\S[\\s\\S]{${ALT_MIN - 2},}\\S\\s*$`,
      `Describe the photo for people who cannot see it (at least ${ALT_MIN} characters)`,
    ],
    hint: "What the photo shows, for people who cannot see it.",
  }) as Field;
export const select = (
  name: string,
  label: string,
  options: ReadonlyArray<string | { label: string; value: string }>,
  extra: Partial<Field> = {},
): Field => ({ name, label, widget: "select", options: [...options], ...extra }) as Field;
export const list = (name: string, label: string, fields: Field[], extra: Partial<Field> = {}): Field =>
  ({ name, label, widget: "list", fields, ...extra }) as Field;
/** A list of single values, each edited with `field` (a date, a program). */
export const listOf = (name: string, label: string, field: Field, extra: Partial<Field> = {}): Field =>
  ({ name, label, widget: "list", field, ...extra }) as Field;
export const stringList = (name: string, label: string, max: number, extra: Partial<Field> = {}): Field =>
  ({ name, label, widget: "list", field: text("item", label, max), ...extra }) as Field;
export const program = (name: string, label: string): Field =>
  ({
    name,
    label,
    widget: "relation",
    collection: "programs",
    value_field: "key",
    search_fields: ["title"],
    display_fields: ["title"],
  }) as Field;
export const body = (label = "Text"): Field =>
  ({
    name: "body",
    label,
    widget: "markdown",
    buttons: ["bold", "italic", "link", "heading-two", "heading-three", "bulleted-list", "numbered-list", "quote"],
    editor_components: [],
  }) as Field;
export const day = (name = "day"): Field => select(name, "Day", DAYS);
