import { createContext, useContext, useEffect, useState } from "react";
import { isPageHydrated } from "./useHydrated";

/**
 * Inside a form whose hydration waits for its first use (src/components/form/HydrateOnUse.tsx): whether
 * it is hydrating now, after its page, and when it appeared on the page (its "filled in too fast" time
 * counts from then). Its own module, loaded only by pages with a form: every other page's JavaScript
 * stays as it was.
 */
export const HeldHydration = createContext<{ hydrating: boolean; appearedAt: number } | null>(null);

/**
 * useHydrated for a form: false while the page or the form itself hydrates (its hooks render as the
 * page was built), true after, and at once in a form rendered in the browser.
 */
export function useFormLive(): boolean {
  const held = useContext(HeldHydration);
  const [live, setLive] = useState(isPageHydrated() && !held?.hydrating);
  useEffect(() => setLive(true), []);
  return live;
}
