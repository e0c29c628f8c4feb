/**
 * The sample pictures the site ships with: drawings made by scripts/generate-sample-photos.mjs, so the
 * pages have camera-sized images before the gym has photos of its own. Each is known by the SHA-256 of
 * its file, not by its name: a real photo saved under a sample's name is no longer listed, and a sample
 * copied to a new name still is. Staff cannot get this wrong, since there is nothing to mark. Pure.
 */
export const SAMPLE_PICTURE_HASHES: ReadonlySet<string> = new Set([
  "2bcbbb35db3d5dafa7a6a56311842ef7615cb73ab976f506d4b38ef4f8932be6", // galleries/branding/branding-1.jpg
  "951e0555c77631aa72c2b50c46ecf98c7c1ebd49d319f7adad8caad5a89ac96a", // galleries/branding/branding-2.jpg, images/coach-marcus.jpg
  "f26a39e8cae65b925d94bed07e826d95ecd4530006155a7fe7d6edf3ab5e0665", // galleries/branding/branding-3.jpg
  "3d7bb428662bd40a9b494996d5d9f799eefacedbeea5a5eae909636adec1bd82", // galleries/branding/branding-4.jpg
  "f6d066de7416c03f4c75f57164b9bdec546d92fe05cc75f3095e0a7bc33107ec", // galleries/branding/branding-5.jpg
  "5c8985e4c7b16b92dd877d52e6a714b8c65dea2eda4f37c3e9ae52504f6f6493", // galleries/branding/branding-6.jpg
  "fe224ddf2ffb306a435c8259edb7327474fe10b07e7af519a61c1dfa7827f614", // galleries/bts/bts-1.jpg
  "0df7dae56f3858c43f9f8faa4e71c114d934ada8efe3e5636d10408abc66fa1a", // galleries/bts/bts-2.jpg, images/coach-dana.jpg
  "ec85f23cd2c567e11c1b21e6e1063a9f6f1634deef3e4becec2d744be1373953", // galleries/bts/bts-3.jpg, images/coach-jess.jpg
  "1ae1610406577fb8cc0d7135cc675c5316025427d7410341bb811b9abbc2bf1b", // galleries/bts/bts-4.jpg
  "dd1836d655aa1f10a1157cad8cb64f35b9c37700292ecd60e5ed98b612c87aad", // galleries/bts/bts-5.jpg
  "f4e38651e352e30e3c91f295009a595e827b8b1c0598d1d7864aa8987da8a456", // galleries/bts/bts-6.jpg
  "1b0429f095c3c0ae6f5c7f64cca329ab8a2c61d169a1ca1ac7b92812b0bcaaba", // galleries/events/events-1.jpg
  "982ee4a120a256793a3fca3c6d5a77c67ace261e6a81a98fa54dce0668075e1c", // galleries/events/events-2.jpg
  "af3b8325a768d4b32bd1cdb6648971978b5f4e7f758f1247e25d1922d367c455", // galleries/events/events-3.jpg
  "0a40dad51a20991f4c8d3522738713d8072b3ecad894e8039351f3754d17f2ae", // galleries/events/events-4.jpg
  "a78bc12d8f5bac69fed255e3791a75d7d45099b02abef1d0b7c11a5021b0f6dd", // galleries/events/events-5.jpg
  "7b2ee54ddba30d056b416d4bb637014a621a91a64f969369183e4ed5968c6720", // galleries/events/events-6.jpg
  "671df58b75e9a2f10a7130d375880431284671b36f4256fbff471b2f904d460c", // images/announcement-nutrition.jpg
  "c6c56156fa51ac7b88ee5d4a592b83af8fbbfedb47fb717c5eafa795353b714e", // images/hero.jpg
  "332810f59c9375f6d2b2053a0a055cbc59cdb06dc33fe73d7cd6882184a32866", // images/program-crossfit.jpg
  "1b9b8237f4d6b34d47d8f95f9d456ff350abd247e49268586d8d578eed3fd700", // images/program-foundations.jpg
  "6ceadba8d601869803413a5e0766c84a135aaf05174d500d77ab14bda1c49656", // images/program-kids.jpg
]);

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
