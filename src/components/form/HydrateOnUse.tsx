import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { HeldHydration } from "../../hooks/heldHydration";
import { isPageHydrated } from "../../hooks/useHydrated";

/**
 * A form's enhancement waits until the visitor first uses the form. The form works as HTML without it
 * (it posts the browser's way: src/server/forms/answerPage.ts), so hydrating it while the page loads
 * only costs the main thread: on a phone, hydrating a form was the longest task of its page.
 *
 * While the page hydrates, the form stays inside a Suspense boundary that suspends, so React keeps the
 * server's HTML for it as it is (and whatever the visitor types into it). The first focus, press or
 * key inside it opens the gate in the window's capture phase, before React's own listener sees the
 * event: React then hydrates the form at once, synchronously, and hands it that same event. A form
 * rendered in the browser (a page reached by a link within the site) is never held.
 */

interface Gate {
  open: boolean;
  opened: Promise<void>;
  openNow(): void;
}

function newGate(): Gate {
  let openNow = () => {};
  const opened = new Promise<void>((resolve) => {
    openNow = resolve;
  });
  const gate: Gate = {
    open: false,
    opened,
    openNow: () => {
      gate.open = true;
      openNow();
    },
  };
  return gate;
}

/** Any use of the form: a focus, a press, a key, or a value changed (autofill, a script, a test). */
const OPENING_EVENTS = ["focusin", "pointerdown", "keydown", "input", "change"] as const;
/**
 * The address changing on the page (a skip link, an in-page anchor, Back): the router's location,
 * above the form, changes a moment later, and React renders a boundary that has not hydrated anew when
 * a context above it changes. Still held, it would render nothing, for good; the gate opens first, so
 * the form is rendered (nothing typed is lost: typing would have opened the gate already).
 */
const PAGE_EVENTS = ["popstate", "hashchange"] as const;

/**
 * Whether the page is being hydrated from its built HTML now. Not when it is rendered in the browser
 * (`gatsby develop`, or a page without HTML: gatsby-browser.tsx renders into an empty wrapper then):
 * a form held there would have no HTML to keep, and would never appear.
 */
function hydratingFromHtml(): boolean {
  return !isPageHydrated() && Boolean(document.getElementById("gatsby-focus-wrapper")?.hasChildNodes());
}

function Held({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  // Thrown while the page hydrates: React keeps the server's HTML until the promise settles.
  if (gate && !gate.open) throw gate.opened;
  return <>{children}</>;
}

function Hydrated({ onHydrated }: { onHydrated(): void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

export function HydrateOnUse({
  children,
  atOnce = false,
}: {
  children: ReactNode;
  /** Hydrate as soon as the page has: the address chose something the form shows (a plan to sign up for). */
  atOnce?: boolean;
}) {
  // Held only when this render is the page's hydration in a browser.
  const [gate] = useState(() => (typeof window !== "undefined" && hydratingFromHtml() ? newGate() : null));
  const [appearedAt] = useState(() => (typeof performance === "undefined" ? 0 : performance.now()));
  const [hydrated, setHydrated] = useState(gate === null);
  // The form as the page rendered it while hydrating: what the server's HTML was made from. Newer
  // props (a query string, today's date) reach it once it has hydrated.
  const asBuilt = useRef(children);
  const wrapper = useRef<HTMLDivElement>(null);
  const onHydrated = useCallback(() => setHydrated(true), []);

  useEffect(() => {
    const element = wrapper.current;
    if (!gate || gate.open || !element) return;
    const open = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) gate.openNow();
    };
    const openNow = () => gate.openNow();
    for (const type of OPENING_EVENTS) window.addEventListener(type, open, { capture: true });
    for (const type of PAGE_EVENTS) window.addEventListener(type, openNow, { capture: true });
    const stop = () => {
      for (const type of OPENING_EVENTS) window.removeEventListener(type, open, { capture: true });
      for (const type of PAGE_EVENTS) window.removeEventListener(type, openNow, { capture: true });
    };
    // The visitor may already be in the form (focused before the page went live).
    if (atOnce || (document.activeElement && element.contains(document.activeElement))) gate.openNow();
    void gate.opened.then(stop);
    return stop;
  }, [gate, atOnce]);

  // Until it has hydrated, the boundary gets the very same elements and context on every render of
  // the page: a dehydrated boundary that receives an update gives up its server HTML (React renders it
  // anew in the browser), and the page renders again as it catches up with the live values.
  const held = useMemo(() => ({ hydrating: !hydrated, appearedAt }), [hydrated, appearedAt]);
  const content = hydrated ? children : asBuilt.current;
  const boundary = useMemo(
    () => (
      <Suspense fallback={null}>
        <Held gate={gate}>
          {content}
          {!hydrated && <Hydrated onHydrated={onHydrated} />}
        </Held>
      </Suspense>
    ),
    [gate, content, hydrated, onHydrated],
  );
  return (
    <div ref={wrapper}>
      <HeldHydration.Provider value={held}>{boundary}</HeldHydration.Provider>
    </div>
  );
}
