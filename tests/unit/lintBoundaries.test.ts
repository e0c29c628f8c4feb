/**
 * @jest-environment node
 */
import { execFileSync } from "node:child_process";

/**
 * The import boundaries of docs/architecture.md ("What may import what"), as eslint.config.mjs encodes them: each forbidden import below
 * must be refused where it is written, and the allowed one must pass.
 */
type Probe = [filePath: string, code: string];

/**
 * Lints every probe in one child process: ESLint loads its config with import(), which Jest's module
 * system does not allow.
 */
function lint(probes: Probe[]): string[][] {
  const script = `
    import { ESLint } from "eslint";
    const probes = JSON.parse(process.argv[1]);
    const eslint = new ESLint();
    const found = [];
    for (const [filePath, code] of probes) {
      const [result] = await eslint.lintText(code, { filePath });
      found.push(result.messages.map((message) => message.ruleId ?? message.message));
    }
    process.stdout.write(JSON.stringify(found));
  `;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script, JSON.stringify(probes)], { encoding: "utf8" }));
}

const FORBIDDEN: Probe[] = [
  ["src/components/Probe.tsx", 'import { loadConfig } from "../server/config";\nexport const c = loadConfig;\n'],
  ["src/templates/probe.tsx", 'import handler from "../api/contact";\nexport const h = handler;\n'],
  ["gatsby-browser.tsx", 'import { loadConfig } from "./src/server/config";\nexport const c = loadConfig;\n'],
  ["src/staff/screens/Probe.tsx", 'import { getStore } from "../../server/app/runtime";\nexport const g = getStore;\n'],
  ["src/api/probe.ts", 'import { Footer } from "../components/Footer";\nexport const f = Footer;\n'],
  ["src/node/probe.ts", 'import { trackLead } from "../runtime/analytics";\nexport const t = trackLead;\n'],
  ["src/forms/probe.ts", 'import fs from "fs";\nexport const f = fs;\n'],
  ["src/routes.ts", 'import os from "node:os";\nexport const o = os;\n'],
  ["src/content/probe.ts", 'import { useState } from "react";\nexport const u = useState;\n'],
  ["src/schedule/probe.ts", 'import { getImage } from "gatsby-plugin-image";\nexport const g = getImage;\n'],
  ["src/desk/probe.ts", 'import { useState } from "react";\nexport const u = useState;\n'],
  ["src/texts/probe.ts", 'import { createTwilioSender } from "../server/texts/twilio";\nexport const c = createTwilioSender;\n'],
];
const LAZY: Probe = ["src/components/Probe.tsx", 'export async function load() {\n  return import("../server/store");\n}\n'];
const ALLOWED: Probe = [
  "src/forms/probe.ts",
  'import { z } from "zod";\nimport { pathTo } from "../routes";\nexport const s = z.string().default(pathTo("home"));\n',
];
/**
 * The form validator (a form's schema.ts in its folder, the shared pieces in src/forms/schemas/): browser
 * code loads it with import() on first use, so a static import is refused.
 */
const STATIC_VALIDATOR: Probe[] = [
  ["src/components/form/Probe.tsx", 'import { contactErrors } from "../../forms/contact/schema";\nexport const c = contactErrors;\n'],
  ["src/components/intro/Probe.tsx", 'import { email } from "../../forms/schemas/fields";\nexport const e = email;\n'],
  ["src/hooks/probe.ts", 'import { z } from "zod";\nexport const s = z.string();\n'],
];
const LAZY_VALIDATOR: Probe = [
  "src/components/form/Probe.tsx",
  [
    'import type { ContactInput } from "../../forms/contact/schema";',
    'import { type ZodIssue } from "zod";',
    "export type Values = ContactInput & { issues?: ZodIssue[] };",
    "export async function loadCheck() {",
    '  const { contactErrors } = await import("../../forms/contact/schema");',
    "  return contactErrors;",
    "}",
    "",
  ].join("\n"),
];

/** Intl's first use loads locale data while a page hydrates: code that renders pages may not use it. */
const INTL: Probe[] = [
  ["src/components/Probe.tsx", 'export const list = new Intl.ListFormat("en-US").format(["a", "b"]);\n'],
  ["src/navigation.ts", 'export const order = (a: string, b: string) => a.localeCompare(b, "en");\n'],
  ["src/hooks/probe.ts", "export const when = new Date().toLocaleDateString();\n"],
  ["src/content/probe.ts", 'export const day = new Intl.DateTimeFormat("en-US", { weekday: "long" }).format(new Date());\n'],
  ["src/texts/probe.ts", "export const when = (date: Date) => date.toLocaleTimeString();\n"],
];
/**
 * Dates and times are worded by src/time/ alone (docs/architecture.md, "The time module"): a date
 * formatter or toLocale*String planted anywhere else is refused, on the server, in the console, the
 * editor, the build and the scripts alike; src/time/ itself builds them.
 */
const TIME_ELSEWHERE: Probe[] = [
  ["src/server/probe.ts", 'export const f = new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles" });\n'],
  [
    "src/staff/screens/Probe.tsx",
    'export const at = (iso: string) => new Date(iso).toLocaleString("en-US", { timeZone: "America/Los_Angeles" });\n',
  ],
  ["src/cms/probe.ts", 'export const ago = new Intl.RelativeTimeFormat("en-US").format(-1, "day");\n'],
  ["src/node/probe.ts", 'const { DateTimeFormat } = Intl;\nexport const f = new DateTimeFormat("en-US");\n'],
  ["scripts/probe.ts", "export const when = new Date().toLocaleTimeString();\n"],
];
const TIME_MODULE: Probe = [
  "src/time/probe.ts",
  'export const f = new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles" });\nexport const s = new Date().toLocaleString("en-US");\n',
];

/**
 * The server's layers (docs/architecture.md, "The server's floor plan"), one planted import per rule:
 * each leads where it may not (type imports too): the console's browser code, a floor folder up into a
 * feature, app/ or a higher floor, a feature into one above it or into app/.
 */
const SERVER_LAYERS: Probe[] = [
  ["src/server/leads/probe.ts", 'import type { Session } from "../../staff/client";\nexport type S = Session;\n'],
  ["src/server/probe.ts", 'import type { LeadState } from "./leads/types";\nexport type L = LeadState;\n'],
  ["src/server/store/probe.ts", 'import { serverNow } from "../process/settings";\nexport const n = serverNow;\n'],
  ["src/server/process/probe.ts", 'import type { IntroStore } from "../intro/types";\nexport type I = IntroStore;\n'],
  ["src/server/outbox/probe.ts", 'import type { SubmissionStore } from "../app/store";\nexport type S = SubmissionStore;\n'],
  ["src/server/http/probe.ts", 'import { queueMessage } from "../outbox/store";\nexport const q = queueMessage;\n'],
  ["src/server/staff/probe.ts", 'import type { SubmissionOperations } from "../forms/types";\nexport type S = SubmissionOperations;\n'],
  ["src/server/forms/probe.ts", 'import { openTimes } from "../intro/slots";\nexport const o = openTimes;\n'],
  ["src/server/reports/probe.ts", 'import type { LeadStore } from "../leads/types";\nexport type L = LeadStore;\n'],
  ["src/server/leads/probe.ts", 'import type { IntroBooking } from "../intro/types";\nexport type I = IntroBooking;\n'],
  ["src/server/intro/probe.ts", 'import { accessReport } from "../privacy/access";\nexport const a = accessReport;\n'],
  ["src/server/privacy/probe.ts", 'import { getStore } from "../app/runtime";\nexport const g = getStore;\n'],
  ["src/server/texts/probe.ts", 'import type { SubmissionOperations } from "../forms/types";\nexport type S = SubmissionOperations;\n'],
  ["src/server/outbox/probe.ts", 'import type { TextSender } from "../texts/types";\nexport type T = TextSender;\n'],
];
/** ...and these where they may: the desk, a feature below, the floor, and app/ anything. */
const SERVER_ALLOWED: Probe[] = [
  ["src/server/leads/probe.ts", 'import { leadPath } from "../../desk/paths";\nexport const p = leadPath;\n'],
  ["src/server/intro/probe.ts", 'import type { LeadIntros } from "../leads/types";\nexport type L = LeadIntros;\n'],
  ["src/server/http/probe.ts", 'import { serverNow } from "../process/settings";\nexport const n = serverNow;\n'],
  ["src/server/app/probe.ts", 'import { introForm } from "../intro/form";\nexport const i = introForm;\n'],
];

let results: string[][];
let intl: string[][];
let layers: string[][];
beforeAll(() => {
  // One ESLint for all three groups: each start loads the config and the TypeScript program again.
  const groups = [
    [...FORBIDDEN, LAZY, ALLOWED, ...STATIC_VALIDATOR, LAZY_VALIDATOR],
    [...INTL, ...TIME_ELSEWHERE, TIME_MODULE],
    [...SERVER_LAYERS, ...SERVER_ALLOWED],
  ];
  const found = lint(groups.flat());
  [results, intl, layers] = groups.map((group, i) => {
    const start = groups.slice(0, i).reduce((sum, before) => sum + before.length, 0);
    return found.slice(start, start + group.length);
  }) as [string[][], string[][], string[][]];
});

describe("import boundaries", () => {
  test.each(FORBIDDEN.map(([filePath], index) => [filePath, index] as const))("%s refuses a forbidden import", (_filePath, index) => {
    expect(results[index]).toEqual(["no-restricted-imports"]);
  });

  test("browser code may not load server code lazily either", () => {
    expect(results[FORBIDDEN.length]).toEqual(["no-restricted-syntax"]);
  });

  test("a pure module may use another pure module and a library", () => {
    expect(results[FORBIDDEN.length + 1]).toEqual([]);
  });

  test.each(STATIC_VALIDATOR.map(([filePath], index) => [filePath, FORBIDDEN.length + 2 + index] as const))(
    "%s may not import the form validator statically",
    (_filePath, index) => {
      expect(results[index]).toEqual(["@typescript-eslint/no-restricted-imports"]);
    },
  );

  test("browser code may import the validator's types, and the validator itself with import()", () => {
    expect(results[FORBIDDEN.length + 2 + STATIC_VALIDATOR.length]).toEqual([]);
  });

  test.each(INTL.map(([filePath], index) => [filePath, index] as const))(
    "%s may not use Intl or a locale comparison",
    (_filePath, index) => {
      expect(intl[index]?.[0]).toMatch(/^no-restricted-(globals|properties)$/);
    },
  );

  test.each(TIME_ELSEWHERE.map(([filePath], index) => [filePath, INTL.length + index] as const))(
    "%s may not format a date outside src/time/",
    (_filePath, index) => {
      expect(intl[index]).toEqual(["no-restricted-properties"]);
    },
  );

  test("src/time/ builds the formatters", () => {
    expect(intl[INTL.length + TIME_ELSEWHERE.length]).toEqual([]);
  });

  test.each(SERVER_LAYERS.map(([filePath, code], index) => [filePath, code.split("\n")[0], index] as const))(
    "%s refuses %s",
    (_filePath, _line, index) => {
      expect(layers[index]).toEqual(["import-x/no-restricted-paths"]);
    },
  );

  test.each(SERVER_ALLOWED.map(([filePath, code], index) => [filePath, code.split("\n")[0], SERVER_LAYERS.length + index] as const))(
    "%s allows %s",
    (_filePath, _line, index) => {
      expect(layers[index]).toEqual([]);
    },
  );
});
