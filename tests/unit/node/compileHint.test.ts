import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SourceMapConsumer } from "source-map";
import webpack from "webpack";
import { COMPILE_HINT, CompileHint } from "../../../src/node/compileHint";

/**
 * A real production webpack build (minifier and source maps on, as in Gatsby's browser build) of an
 * entry that loads one chunk on demand.
 */
const ENTRY = [
  "// a comment the minifier drops",
  'import "./entry.css";',
  "export function greet(name) {",
  '  return "hello-from-entry " + name;',
  "}",
  'document.title = greet("gym");',
  'import("./later.js").then((m) => m.later());',
  "",
];

describe("CompileHint in a minified webpack build", () => {
  let dir: string;
  let out: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-hint-"));
    out = path.join(dir, "out");
    fs.writeFileSync(path.join(dir, "entry.js"), ENTRY.join("\n"));
    fs.writeFileSync(path.join(dir, "entry.css"), "body { color: #123456; }\n");
    fs.writeFileSync(path.join(dir, "later.js"), 'export function later() { return "loaded-later"; }\n');
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      webpack(
        {
          mode: "production",
          context: dir,
          entry: { app: "./entry.js" },
          output: { path: out, filename: "[name]-[contenthash].js", chunkFilename: "[name]-[contenthash].js" },
          devtool: "source-map",
          plugins: [new CompileHint()],
          // The entry chunk gets a stylesheet too, as Gatsby's app chunk does.
          experiments: { css: true },
        },
        (error, result) => (error || !result ? reject(error ?? new Error("no stats")) : resolve(result)),
      ),
    );
    expect(stats.hasErrors()).toBe(false);
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const read = (file: string) => fs.readFileSync(path.join(out, file), "utf8");
  /** The one script the test is about; two or none is a failure in itself. */
  const script = (which: (file: string) => boolean) => {
    const found = fs.readdirSync(out).filter((file) => file.endsWith(".js") && which(file));
    expect(found).toHaveLength(1);
    return found[0] ?? "";
  };
  const entry = () => script((file) => file.startsWith("app-"));

  test("the entry chunk starts with the hint, after minification", () => {
    const text = read(entry());
    expect(text.split("\n")[0]).toBe(COMPILE_HINT);
    expect(text).not.toContain("a comment the minifier drops");
  });

  test("the entry chunk's stylesheet is left alone", () => {
    const css = fs.readdirSync(out).filter((file) => file.endsWith(".css"));
    expect(css).toHaveLength(1);
    const text = read(css[0] ?? "");
    expect(text).toContain("#123456");
    expect(text).not.toContain(COMPILE_HINT);
  });

  test("a chunk loaded on demand is left alone", () => {
    expect(read(script((file) => read(file).includes("loaded-later")))).not.toContain(COMPILE_HINT);
  });

  test("the source map still points into the original file", async () => {
    const lines = read(entry()).split("\n");
    const line = lines.findIndex((text) => text.includes("hello-from-entry"));
    const column = (lines[line] ?? "").indexOf('"hello-from-entry');
    const map = JSON.parse(fs.readFileSync(path.join(out, `${entry()}.map`), "utf8"));
    const original = await SourceMapConsumer.with(map, null, (consumer) => consumer.originalPositionFor({ line: line + 1, column }));
    expect(original.source).toMatch(/entry\.js$/);
    expect(original.line).toBe(ENTRY.findIndex((text) => text.includes("hello-from-entry")) + 1);
  });
});
