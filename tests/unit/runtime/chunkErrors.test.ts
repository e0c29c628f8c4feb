import { isChunkLoadFailure } from "../../../src/runtime/chunkErrors";

test("recognizes failed code downloads, and nothing else", () => {
  expect(isChunkLoadFailure(Object.assign(new Error("Loading chunk 123 failed."), { name: "ChunkLoadError" }))).toBe(true);
  expect(isChunkLoadFailure(new Error("Loading CSS chunk styles failed"))).toBe(true);
  expect(isChunkLoadFailure(new TypeError("Failed to fetch dynamically imported module: /x.js"))).toBe(true);
  expect(isChunkLoadFailure(new Error("page resources for /about/ not found. Not rendering React"))).toBe(true);
  expect(isChunkLoadFailure(new TypeError("Cannot read properties of undefined"))).toBe(false);
  expect(isChunkLoadFailure(undefined)).toBe(false);
});
