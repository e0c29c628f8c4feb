/** Recognizes a failed code download (webpack chunk, dynamic import, Gatsby page resources). Pure. */
const PATTERNS = [
  /ChunkLoadError/,
  /Loading (CSS )?chunk [\w-]+ failed/i,
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /page resources for .* not found/i,
];

export function isChunkLoadFailure(error: unknown): boolean {
  if (!error) return false;
  const name = typeof error === "object" && "name" in error ? String((error as { name: unknown }).name) : "";
  const message = typeof error === "object" && "message" in error ? String((error as { message: unknown }).message) : String(error);
  return PATTERNS.some((pattern) => pattern.test(name) || pattern.test(message));
}
