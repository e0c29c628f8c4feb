import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { keepSourceMapsPrivate, sourceMapOf } from "../../../src/node/sourceMaps";

describe("source maps stay out of public/ unless asked for", () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "gym-maps-"));
    for (const file of ["app-1.js", "app-1.js.map", "admin/cms.js", "admin/cms.js.map"]) {
      fs.mkdirSync(path.dirname(path.join(root, "public", file)), { recursive: true });
      fs.writeFileSync(path.join(root, "public", file), "x");
    }
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
  const published = () =>
    (fs.readdirSync(path.join(root, "public"), { recursive: true }) as string[]).filter((file) => file.endsWith(".map")).sort();

  test("by default every map moves to .cache/source-maps/, where the tools find it", () => {
    expect(keepSourceMapsPrivate(path.join(root, "public"), path.join(root, ".cache", "source-maps"), {})).toBe(2);
    expect(published()).toEqual([]);
    expect(sourceMapOf("admin/cms.js", root)).toBe(path.join(root, ".cache", "source-maps", "admin", "cms.js.map"));
    expect(fs.existsSync(path.join(root, "public", "app-1.js"))).toBe(true);
  });

  test("PUBLIC_SOURCE_MAPS=1 keeps them published", () => {
    expect(keepSourceMapsPrivate(path.join(root, "public"), path.join(root, ".cache", "source-maps"), { PUBLIC_SOURCE_MAPS: "1" })).toBe(0);
    expect(published()).toEqual(["admin/cms.js.map", "app-1.js.map"]);
    expect(sourceMapOf("app-1.js", root)).toBe(path.join(root, "public", "app-1.js.map"));
  });
});
