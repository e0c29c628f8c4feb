import { z } from "zod";
import { imagePath, isoDate, localDateTime } from "./schemas";

/**
 * A content schema read as a table of fields: what each field holds and whether it is required. The
 * zod schemas in schemas.ts are the one declaration of every content kind; the GraphQL types are
 * derived from this table (src/node/graphqlTypes.ts) and the web editor's fields are checked against
 * it (tests/unit/cms/config.test.ts). Pure (zod only).
 */

export type FieldKind =
  | { kind: "text"; max?: number }
  | { kind: "choice"; options: readonly string[] }
  | { kind: "int" }
  | { kind: "float" }
  | { kind: "boolean" }
  | { kind: "date" }
  /** A date and a wall-clock time at the gym, "2026-11-26 09:00". */
  | { kind: "datetime" }
  | { kind: "image" }
  | { kind: "list"; of: FieldKind; min: number }
  | { kind: "object"; fields: FieldTable };

export type Field = FieldKind & { required: boolean };
export type FieldTable = Record<string, Field>;

/** The fields of an object schema (inside its refinements). */
export function fieldTable(schema: z.ZodTypeAny, where = "(schema)"): FieldTable {
  const { inner } = unwrap(schema);
  if (!(inner instanceof z.ZodObject)) throw new Error(`${where}: not an object schema`);
  const shape = inner.shape as Record<string, z.ZodTypeAny>;
  return Object.fromEntries(
    Object.entries(shape).map(([name, fieldSchema]) => {
      const { inner: value, optional } = unwrap(fieldSchema);
      return [name, { ...kindOf(value, `${where}.${name}`), required: !optional }];
    }),
  );
}

/** Strips optional and refinements, stopping at the kinds that mean more than their zod type. */
function unwrap(schema: z.ZodTypeAny): { inner: z.ZodTypeAny; optional: boolean } {
  let inner = schema;
  let optional = false;
  for (;;) {
    if (inner === isoDate || inner === localDateTime || inner === imagePath) return { inner, optional };
    if (inner instanceof z.ZodOptional) {
      optional = true;
      inner = inner.unwrap() as z.ZodTypeAny;
    } else if (inner instanceof z.ZodEffects) {
      inner = inner.innerType() as z.ZodTypeAny;
    } else {
      return { inner, optional };
    }
  }
}

function kindOf(schema: z.ZodTypeAny, where: string): FieldKind {
  if (schema === isoDate) return { kind: "date" };
  if (schema === localDateTime) return { kind: "datetime" };
  if (schema === imagePath) return { kind: "image" };
  if (schema instanceof z.ZodString) {
    const max = schema._def.checks.find((check) => check.kind === "max")?.value;
    return max === undefined ? { kind: "text" } : { kind: "text", max };
  }
  if (schema instanceof z.ZodEnum) return { kind: "choice", options: schema.options as string[] };
  if (schema instanceof z.ZodLiteral && typeof schema.value === "string") return { kind: "choice", options: [schema.value] };
  if (schema instanceof z.ZodNumber) return { kind: schema.isInt ? "int" : "float" };
  if (schema instanceof z.ZodBoolean) return { kind: "boolean" };
  if (schema instanceof z.ZodObject) return { kind: "object", fields: fieldTable(schema, where) };
  if (schema instanceof z.ZodArray) {
    const { inner, optional } = unwrap(schema.element as z.ZodTypeAny);
    if (optional) throw new Error(`${where}: a list of optional items has no field kind`);
    return { kind: "list", of: kindOf(inner, `${where}[]`), min: schema._def.minLength?.value ?? 0 };
  }
  throw new Error(`${where}: no field kind for ${schema.constructor.name}`);
}
