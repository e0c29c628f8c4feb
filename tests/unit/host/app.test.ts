import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Server } from "node:http";
import { createApp } from "../../../host/app";
import { SECURITY_HEADERS } from "../../../src/headers";

/**
 * The production server's answers when something fails on its side (host/app.ts): a page that cannot be
 * read and a form function that throws each get a plain 500 that says what to do, one log line, and
 * nothing of the failure's details. The app is the real one, over a project folder made here with one
 * page that cannot be read (a link to itself) and one function that throws.
 */

let root: string;
let server: Server;
let base: string;
let logged: string[];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "gym-500-"));
  fs.mkdirSync(path.join(root, "public"));
  fs.writeFileSync(path.join(root, "public", "index.html"), "<!DOCTYPE html><title>Home</title>");
  fs.writeFileSync(path.join(root, "public", "404.html"), "<!DOCTYPE html><title>Not found</title>");
  // Reading it fails with ELOOP: not a missing file (that is a 404), a failure of the server's own.
  fs.symlinkSync("broken.html", path.join(root, "public", "broken.html"));
  fs.mkdirSync(path.join(root, ".cache", "functions"), { recursive: true });
  fs.writeFileSync(path.join(root, ".cache", "csp.json"), JSON.stringify({ pages: {} }));
  fs.writeFileSync(
    path.join(root, ".cache", "functions", "manifest.json"),
    JSON.stringify([{ functionRoute: "boom", originalRelativeFilePath: "boom.js" }]),
  );
  fs.mkdirSync(path.join(root, "src", "api"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "src", "api", "boom.js"),
    'exports.default = async () => { throw new Error("store at postgres://gym:hunter2@db/gym refused"); };\n',
  );
  server = createApp(root).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  logged = [];
  jest.spyOn(console, "error").mockImplementation((line: unknown) => void logged.push(String(line)));
});
afterEach(() => jest.restoreAllMocks());

test("a page that cannot be read: 500 in plain words, the site's headers, one log line", async () => {
  const response = await fetch(`${base}/broken.html`);
  expect(response.status).toBe(500);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
  expect(await response.text()).toBe("Something went wrong on our side. Please try again in a minute.");
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
  expect(logged).toEqual([expect.stringMatching(/^Serving a page failed: /)]);
  // The pages beside it are still served.
  expect((await fetch(`${base}/`)).status).toBe(200);
});

test("a form function that throws: 500 as JSON saying what to do, logged once without the failure's secrets", async () => {
  const response = await fetch(`${base}/api/boom`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Ana" }),
  });
  expect(response.status).toBe(500);
  expect(await response.json()).toEqual({ error: "Something went wrong on our side. Please try again, or call us." });
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatch(/^\/api\/boom failed: /);
  expect(logged.join("\n")).not.toMatch(/Ana|hunter2/);
});
