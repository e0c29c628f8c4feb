/**
 * @jest-environment node
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** scripts/import-cycles.mjs on a project of its own: a circle of type imports alone fails it. */
const SCRIPT = path.resolve("scripts/import-cycles.mjs");

function project(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-cycles-"));
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true }, include: ["*.ts"] }));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const run = (dir: string) => spawnSync(process.execPath, [SCRIPT, path.join(dir, "tsconfig.json")], { encoding: "utf8" });

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

test("a circle of type-only imports fails, naming its files", () => {
  const dir = project({
    "mail.ts": 'import type { Settings } from "./table";\nexport const mail = (s: Settings) => s.from;\n',
    "table.ts": 'import { mail } from "./mail";\nexport interface Settings { from: string }\nexport const table = { mail };\n',
    "other.ts": 'import { table } from "./table";\nexport const t = table;\n',
  });
  dirs.push(dir);
  const result = run(dir);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("1 import circle(s)");
  expect(result.stderr).toContain("mail.ts <-> table.ts");
  expect(result.stderr).not.toContain("other.ts");
});

test("the same modules with the shared type in a file of its own pass", () => {
  const dir = project({
    "settings.ts": "export interface Settings { from: string }\n",
    "mail.ts": 'import type { Settings } from "./settings";\nexport const mail = (s: Settings) => s.from;\n',
    "table.ts": 'import { mail } from "./mail";\nexport const table = { mail };\n',
  });
  dirs.push(dir);
  const result = run(dir);
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  expect(result.stdout).toContain("No import circle among 3 files");
});

test("a check that could read nothing or follow nothing fails instead of passing", () => {
  const missing = run(path.join(os.tmpdir(), "gym-cycles-none"));
  expect(missing.status).toBe(1);
  expect(missing.stderr).toContain("Cannot read");

  const empty = project({});
  dirs.push(empty);
  const none = run(empty);
  expect(none.status).toBe(1);

  const broken = project({ "a.ts": 'import type { B } from "./moved-away";\nexport type A = B;\n' });
  dirs.push(broken);
  const lost = run(broken);
  expect(lost.status).toBe(1);
  expect(lost.stderr).toContain('a.ts: "./moved-away"');
});
