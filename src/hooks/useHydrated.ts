import { useEffect, useState } from "react";

/**
 * False during the server render and the first browser render, true after. Anything that depends on
 * the browser (the query string, today's date) waits for it, so hydration matches the static HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
