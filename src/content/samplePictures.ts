import SAMPLES from "./samplePictures.json";

/**
 * The sample pictures the site ships with: drawings made by scripts/generate-sample-photos.mjs, so the
 * pages have camera-sized images before the gym has photos of its own. Each is known by the SHA-256 of
 * its file, not by its name: a real photo saved under a sample's name is no longer listed, and a sample
 * copied to a new name still is. Staff cannot get this wrong, since there is nothing to mark. Pure.
 * samplePictures.json holds the hashes, each with the files (relative to content/) it was made for.
 */
export const SAMPLE_PICTURE_HASHES: ReadonlySet<string> = new Set(Object.keys(SAMPLES));

/**
 * Which pictures to replace first: those most visitors see, and those a visitor takes as a promise
 * (the home page's photo, the programs', the coaches'), before the galleries. A path's rank is the first
 * pattern it matches (paths relative to content/).
 */
const REPLACE_FIRST: readonly RegExp[] = [/^images\/hero\./, /^images\/program-/, /^images\/coach-/, /^images\//, /^galleries\//];

function rank(path: string): number {
  const index = REPLACE_FIRST.findIndex((pattern) => pattern.test(path));
  return index === -1 ? REPLACE_FIRST.length : index;
}

/** The files (relative to content/) that are still sample pictures, in the order to replace them. */
export function samplePicturesInPlace(
  files: ReadonlyArray<{ path: string; sha256: string }>,
  samples: ReadonlySet<string> = SAMPLE_PICTURE_HASHES,
): string[] {
  return files
    .filter((file) => samples.has(file.sha256))
    .map((file) => file.path)
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}
