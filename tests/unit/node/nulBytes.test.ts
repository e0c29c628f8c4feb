import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { filesWithNulBytes, nulByteProblem } from "../../../src/node/nulBytes";

describe("filesWithNulBytes", () => {
  it("names each built text file holding a NUL byte, and no other file", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nul-"));
    const write = (name: string, body: string | Buffer) => {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), body);
    };
    write("index.html", "<p>clean – page</p>");
    write("programs/crossfit/index.html", "<time>9:00</time>\0– 10:00");
    write("page-data/rates/page-data.json", '{"a":"\0"}');
    write("schedule.ics", "BEGIN:VCALENDAR\r\n\0");
    write("static/photo.avif", Buffer.from([0, 1, 2]));
    write("sitemap-0.xml", "<urlset/>");
    expect(filesWithNulBytes(dir)).toEqual(["page-data/rates/page-data.json", "programs/crossfit/index.html", "schedule.ics"]);
    // The build's failure (gatsby-node.ts, onPostBuild) names each file; a clean build has none.
    expect(nulByteProblem(dir)).toContain("\n  public/programs/crossfit/index.html\n");
    for (const file of ["programs/crossfit/index.html", "page-data/rates/page-data.json", "schedule.ics"]) fs.rmSync(path.join(dir, file));
    expect(nulByteProblem(dir)).toBeUndefined();
    fs.rmSync(dir, { recursive: true });
  });
});
