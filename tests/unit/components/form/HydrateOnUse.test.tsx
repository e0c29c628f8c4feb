/**
 * @jest-environment jsdom
 */
import type * as ReactModule from "react";
import type * as ReactDomClient from "react-dom/client";
import type * as ReactDomServer from "react-dom/server";
import type * as ContactFormModule from "../../../../src/components/form/ContactForm";
import type * as HoldFormModule from "../../../../src/components/form/HoldForm";
import type * as HydrateOnUseModule from "../../../../src/components/form/HydrateOnUse";
import type * as HydratedModule from "../../../../src/hooks/useHydrated";

/**
 * A form held until used: the page hydrates around it, the form keeps the server's HTML (and what is
 * typed into it) until the visitor first focuses, presses or types in it, and then hydrates at once,
 * with that first event. The real components, the real React, a browser-like DOM (jsdom). Each test is
 * a fresh page load: its modules (React included) are loaded anew, as "has the page hydrated" is the
 * page's own state.
 */
function freshPage() {
  jest.resetModules();
  return {
    React: jest.requireActual<typeof ReactModule>("react"),
    client: jest.requireActual<typeof ReactDomClient>("react-dom/client"),
    // The Node build: jsdom lacks the TextEncoder the browser build needs.
    server: jest.requireActual<typeof ReactDomServer>("react-dom/server.node"),
    ...jest.requireActual<typeof ContactFormModule>("../../../../src/components/form/ContactForm"),
    ...jest.requireActual<typeof HoldFormModule>("../../../../src/components/form/HoldForm"),
    ...jest.requireActual<typeof HydrateOnUseModule>("../../../../src/components/form/HydrateOnUse"),
    ...jest.requireActual<typeof HydratedModule>("../../../../src/hooks/useHydrated"),
  };
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  Element.prototype.scrollIntoView = () => undefined;
});

/**
 * The page as built, then hydrated as Gatsby does it (marked hydrated once it has). The build renders
 * without a window, so nothing is held: HydrateOnUse's wrapper, the Suspense boundary's markers and the
 * form. Here a window exists, so that HTML is written as the build's server render writes it.
 */
function hydrate(load: ReturnType<typeof freshPage>, form: ReactModule.ReactElement): HTMLElement {
  const element = load.React.createElement(load.HydrateOnUse, null, form);
  const page = document.createElement("div");
  // Gatsby's wrapper: hydration from HTML finds the page in it (gatsby-browser.tsx).
  page.id = "gatsby-focus-wrapper";
  document.body.replaceChildren(page);
  page.innerHTML = `<div><!--$-->${load.server.renderToString(form)}<!--/$--></div>`;
  const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
  load.React.act(() => {
    load.client.hydrateRoot(page, element);
  });
  load.markPageHydrated();
  expect(errors).not.toHaveBeenCalled(); // hydration matched the HTML
  errors.mockRestore();
  return page;
}

const field = <T extends HTMLElement>(page: HTMLElement, id: string) => page.querySelector<T>(`#${id}`) as T;
const hasReact = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactProps"));

test("the form keeps the server's HTML while the page hydrates; its first press hydrates it at once, keeping what was typed", async () => {
  const load = freshPage();
  const { createElement: h } = load.React;
  const page = hydrate(load, h(load.ContactForm, { search: "" }));
  const name = field<HTMLInputElement>(page, "contact-name");
  // Typed before the form is live: React has nothing on the field yet.
  name.value = "Early Eve";
  expect(hasReact(name)).toBe(false);

  // Hydrated within the event itself, as a browser runs it (outside act, which would queue React's
  // work): React's own listener finds the form live when it sees the focus.
  const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  environment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    name.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(hasReact(name)).toBe(true);
  } finally {
    environment.IS_REACT_ACT_ENVIRONMENT = true;
  }
  await load.React.act(async () => {});
  expect(hasReact(name)).toBe(true);
  expect(field<HTMLInputElement>(page, "contact-name")).toBe(name);
  expect(name.value).toBe("Early Eve");
});

test("a held form hydrates as it was built (no mismatch), then renders as the live page", async () => {
  const load = freshPage();
  const { createElement: h } = load.React;
  const policy = { holdNoticeDays: 7, minHoldDays: 14, maxHoldDays: 90, cancellationNoticeDays: 30 };
  const page = hydrate(load, h(load.HoldForm, { policy, today: "2026-11-24" }));
  // Every date field is in the HTML, for a visitor without script.
  expect(field(page, "hold-holdStart")).not.toBeNull();
  const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
  await load.React.act(async () => {
    field(page, "hold-type-cancel").dispatchEvent(new Event("pointerdown", { bubbles: true }));
  });
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  expect(hasReact(field(page, "hold-type-cancel"))).toBe(true);
  // Live, only the chosen kind's dates are shown, and nothing is chosen yet.
  expect(field(page, "hold-holdStart")).toBeNull();
  expect(field(page, "hold-cancelDate")).toBeNull();
});

test("a page that renders again as it catches up (a new day, a query) leaves the held form's HTML alone", async () => {
  const load = freshPage();
  const { createElement: h, useEffect, useState } = load.React;
  const policy = { holdNoticeDays: 7, minHoldDays: 14, maxHoldDays: 90, cancellationNoticeDays: 30 };
  // As useLiveValue does: the page renders as built while hydrating, then again with today's date.
  function Page() {
    const [today, setToday] = useState("2026-11-24");
    useEffect(() => setToday("2026-11-26"), []);
    return h(load.HydrateOnUse, null, h(load.HoldForm, { policy, today }));
  }
  const page = document.createElement("div");
  page.id = "gatsby-focus-wrapper";
  document.body.replaceChildren(page);
  page.innerHTML = `<div><!--$-->${load.server.renderToString(h(load.HoldForm, { policy, today: "2026-11-24" }))}<!--/$--></div>`;
  const name = field<HTMLInputElement>(page, "hold-name");
  await load.React.act(async () => {
    load.client.hydrateRoot(page, h(Page));
  });
  load.markPageHydrated();
  name.value = "Typed Early";
  expect(field(page, "hold-name")).toBe(name);
  const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  environment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    name.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(hasReact(name)).toBe(true);
  } finally {
    environment.IS_REACT_ACT_ENVIRONMENT = true;
  }
  await load.React.act(async () => {});
  expect(field<HTMLInputElement>(page, "hold-name")).toBe(name);
  expect(name.value).toBe("Typed Early");
});

test("a focus (a Tab into the form) hydrates it too, once React's turn comes", async () => {
  const load = freshPage();
  const page = hydrate(load, load.React.createElement(load.ContactForm, { search: "" }));
  const email = field<HTMLInputElement>(page, "contact-email");
  await load.React.act(async () => {
    email.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
  });
  expect(hasReact(email)).toBe(true);
});

test("the address changing on the page (a skip link, Back) before the form is used leaves it on the page, live", async () => {
  const load = freshPage();
  const { createElement: h, createContext, useContext, useEffect, useState } = load.React;
  // As the router does: its location, above the page, is set a moment after the address changes. A
  // held boundary that receives such an update is rendered anew; the gate is open by then, so the form
  // is rendered (nothing was typed into it: typing would have opened the gate and hydrated it).
  const Location = createContext("/contact/");
  function Page() {
    useContext(Location);
    return h(load.HydrateOnUse, null, h(load.ContactForm, { search: "" }));
  }
  function Router() {
    const [hash, setHash] = useState("");
    useEffect(() => {
      const later = () => void Promise.resolve().then(() => setHash(window.location.hash));
      window.addEventListener("popstate", later);
      return () => window.removeEventListener("popstate", later);
    }, []);
    return h(Location.Provider, { value: `/contact/${hash}` }, h(Page));
  }
  const page = document.createElement("div");
  page.id = "gatsby-focus-wrapper";
  document.body.replaceChildren(page);
  page.innerHTML = `<div><!--$-->${load.server.renderToString(h(load.ContactForm, { search: "" }))}<!--/$--></div>`;
  await load.React.act(async () => {
    load.client.hydrateRoot(page, h(Router), { onRecoverableError: () => undefined });
  });
  load.markPageHydrated();
  await load.React.act(async () => {
    window.history.pushState(null, "", "#main");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  const name = field<HTMLInputElement>(page, "contact-name");
  expect(name).not.toBeNull();
  expect(hasReact(name)).toBe(true);
});

test("a page rendered in the browser, not hydrated (gatsby develop), shows its form at once", () => {
  const load = freshPage();
  const page = document.createElement("div");
  page.id = "gatsby-focus-wrapper";
  document.body.replaceChildren(page);
  load.React.act(() => {
    load.client
      .createRoot(page)
      .render(load.React.createElement(load.HydrateOnUse, null, load.React.createElement(load.ContactForm, { search: "" })));
  });
  expect(hasReact(field(page, "contact-name"))).toBe(true);
});

test("a form rendered in the browser (a page reached by a link) is never held", () => {
  const load = freshPage();
  const { createElement: h } = load.React;
  load.markPageHydrated();
  const page = document.createElement("div");
  document.body.replaceChildren(page);
  load.React.act(() => {
    load.client.createRoot(page).render(h(load.HydrateOnUse, null, h(load.ContactForm, { search: "" })));
  });
  expect(hasReact(field(page, "contact-name"))).toBe(true);
});
