import fs from "node:fs";
import path from "node:path";
import { STAFF_ROUTES } from "../../../../src/server/app/staff";

const API_DIR = path.resolve("src/api/staff");
const files = fs
  .readdirSync(API_DIR, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.replace(/\.ts$/, "").split(path.sep).join("/"));

test("every file in src/api/staff/ is a route in STAFF_ROUTES and the other way round", () => {
  expect([...files].sort()).toEqual(Object.keys(STAFF_ROUTES).sort());
});

test.each(files)("src/api/staff/%s.ts hands its requests to the staff guard under its own name", (file) => {
  const source = fs.readFileSync(path.join(API_DIR, `${file}.ts`), "utf8");
  expect(source).toContain(`staffFunction("${file}")`);
  expect(source).toContain('export * from "../../../server-options/staffFunction"');
});

test("only signing in is open without a session", () => {
  const open = Object.entries(STAFF_ROUTES)
    .filter(([, route]) => route.kind === "public")
    .map(([name]) => name);
  expect(open.sort()).toEqual(["sign-in", "sign-in-code", "sign-in-link"]);
});
