import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { rewriteBuiltPages } from "../../../src/node/builtPages";

test("the build rewrites pages in order, naming each file, but leaves Gatsby's slices and the web editor alone", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "built-pages-"));
  const write = (file: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), "<p>page</p>");
  };
  const read = (file: string) => fs.readFileSync(path.join(dir, file), "utf8");
  for (const file of ["about/index.html", "index.html", "_gatsby/slices/_gatsby-scripts-1.html", "admin/index.html"]) write(file);
  const named: string[] = [];
  rewriteBuiltPages(dir, [
    (html, file) => {
      named.push(file);
      return `${html}<i>first</i>`;
    },
    (html) => `${html}<b>second</b>`,
  ]);
  expect(read("about/index.html")).toBe("<p>page</p><i>first</i><b>second</b>");
  expect(read("index.html")).toBe("<p>page</p><i>first</i><b>second</b>");
  expect(read("_gatsby/slices/_gatsby-scripts-1.html")).toBe("<p>page</p>");
  expect(read("admin/index.html")).toBe("<p>page</p>");
  expect(named.sort()).toEqual(
    [path.relative(process.cwd(), path.join(dir, "about/index.html")), path.relative(process.cwd(), path.join(dir, "index.html"))].sort(),
  );
  fs.rmSync(dir, { recursive: true });
});
