import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { IMAGE_FILE } from "../content/schemas";
import { samplePicturesInPlace } from "../content/samplePictures";

/** Every image file under `dir`, with its path relative to it (forward slashes) and its SHA-256. */
function imageFiles(dir: string, under = ""): Array<{ path: string; sha256: string }> {
  return fs.readdirSync(path.join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return imageFiles(dir, relative);
    if (!entry.isFile() || !IMAGE_FILE.test(entry.name)) return [];
    return [
      {
        path: relative,
        sha256: crypto
          .createHash("sha256")
          .update(fs.readFileSync(path.join(dir, relative)))
          .digest("hex"),
      },
    ];
  });
}

/**
 * The build's line naming the sample pictures still in content/ (a reminder, never a failure), in the
 * order to replace them (CONTENT.md, "Swap or add photos"); undefined once every one is a real photo.
 */
export function samplePicturesNotice(dir: string, known?: ReadonlySet<string>): string | undefined {
  const samples = samplePicturesInPlace(imageFiles(dir), known);
  if (samples.length === 0) return undefined;
  return (
    `${samples.length} sample picture(s) still in place; replace them with photos of the gym, first ones first ` +
    `(CONTENT.md, "Swap or add photos"): ${samples.map((file) => path.relative(process.cwd(), path.join(dir, file))).join(", ")}`
  );
}
