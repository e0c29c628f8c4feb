import type { z } from "zod";
import { fieldTable, type Field, type FieldKind, type FieldTable } from "../content/fieldTable";

/**
 * GraphQL type definitions derived from a content schema, so a field is declared once (in zod) and
 * the GraphQL type says exactly what the build's checks guarantee: non-null where the schema
 * requires the field, nullable where it is optional. Every type is @dontInfer, so what happens to be
 * in content/ today never changes the schema or the generated TypeScript types.
 */

export interface ContentTypeSpec {
  /** The node type, e.g. "Announcement" or "RatesJson". */
  type: string;
  /** The content model of one file (src/content/schemas.ts). */
  schema: z.ZodTypeAny;
  /** Names of the object types inside, by field path: { plans: "RatePlan", "coaches.windows": "IntroWindow" }. */
  objects?: Readonly<Record<string, string>>;
  /** Top-level fields whose GraphQL name differs from the file's: { id: "jsonId" }. */
  renamed?: Readonly<Record<string, string>>;
  /** Fields the node holds beyond the file's own, with their GraphQL types: { slug: "String!" }. */
  extraFields?: Readonly<Record<string, string>>;
}

export function contentTypeDefs(spec: ContentTypeSpec): string {
  const nested: string[] = [];

  function typeOf(field: FieldKind, path: string): { type: string; directive?: string } {
    switch (field.kind) {
      case "text":
      case "choice":
      case "datetime":
        // A datetime is wall-clock text in the gym's zone: a GraphQL Date would read it as UTC.
        return { type: "String" };
      case "int":
        return { type: "Int" };
      case "float":
        return { type: "Float" };
      case "boolean":
        return { type: "Boolean" };
      case "date":
        return { type: "Date", directive: "@dateformat" };
      case "image":
        // Paths are relative to the content file, as staff write them.
        return { type: "File", directive: "@fileByRelativePath" };
      case "list": {
        const item = typeOf(field.of, path);
        return { type: `[${item.type}!]`, directive: item.directive };
      }
      case "object": {
        const name = spec.objects?.[path];
        if (!name) throw new Error(`${spec.type}: name the object type at "${path}" (objects: { "${path}": "..." })`);
        nested.push(`type ${name} {\n${fieldLines(field.fields, `${path}.`).join("\n")}\n}`);
        return { type: name };
      }
    }
  }

  function fieldLines(table: FieldTable, prefix: string, renamed: Readonly<Record<string, string>> = {}): string[] {
    return Object.entries(table).map(([name, field]: [string, Field]) => {
      const { type, directive } = typeOf(field, prefix + name);
      return `  ${renamed[name] ?? name}: ${type}${field.required ? "!" : ""}${directive ? ` ${directive}` : ""}`;
    });
  }

  const own = fieldLines(fieldTable(spec.schema, spec.type), "", spec.renamed);
  const extra = Object.entries(spec.extraFields ?? {}).map(([name, type]) => `  ${name}: ${type}`);
  return [`type ${spec.type} implements Node @dontInfer {\n${[...own, ...extra].join("\n")}\n}`, ...nested].join("\n");
}
