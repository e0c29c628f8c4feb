/**
 * @jest-environment jsdom
 */
import type * as ReactDomClient from "react-dom/client";
import type * as HookModule from "../../../src/hooks/useHydrated";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The hook remembers, per browser tab, that a page has hydrated, so each test is a new tab: fresh
 * modules (React included, so the hook and the renderer share one React).
 */
function newTab() {
  jest.resetModules();
  return {
    act: (jest.requireActual("react") as typeof import("react")).act,
    hydrateRoot: (jest.requireActual("react-dom/client") as typeof ReactDomClient).hydrateRoot,
    createRoot: (jest.requireActual("react-dom/client") as typeof ReactDomClient).createRoot,
    markPageHydrated: (jest.requireActual("../../../src/hooks/useHydrated") as typeof HookModule).markPageHydrated,
    useLiveValue: (jest.requireActual("../../../src/hooks/useHydrated") as typeof HookModule).useLiveValue,
  };
}

describe("useLiveValue: the static HTML's value while hydrating, the browser's after", () => {
  let container: HTMLDivElement;
  let renders: string[];
  let cleanUp = () => {};
  beforeEach(() => {
    container = document.createElement("div");
    document.body.append(container);
    renders = [];
  });
  afterEach(() => {
    cleanUp();
    container.remove();
  });

  /** Builds the page's HTML without a query string, then hydrates it in a tab whose address has `search`. */
  function visit(search: string) {
    const { act, hydrateRoot, useLiveValue } = newTab();
    function Filter({ search }: { search: string }) {
      const selected = useLiveValue(search, "");
      renders.push(selected);
      return <p>{selected || "all classes"}</p>;
    }
    container.innerHTML = "<p>all classes</p>"; // what the build rendered: no query string
    renders = [];
    const errors = jest.spyOn(console, "error").mockImplementation(() => {});
    let root: ReturnType<typeof hydrateRoot> | undefined;
    act(() => {
      root = hydrateRoot(container, <Filter search={search} />);
    });
    expect(errors).not.toHaveBeenCalled(); // hydration matched the HTML
    errors.mockRestore();
    cleanUp = () => act(() => root?.unmount());
    return { navigate: (next: string) => act(() => root?.render(<Filter search={next} />)) };
  }

  test("a visit with nothing different hydrates and renders once", () => {
    visit("");
    expect(renders).toEqual([""]);
    expect(container.textContent).toBe("all classes");
  });

  test("a visit with a query string hydrates as built, then shows its own value", () => {
    visit("?program=kids");
    expect(renders).toEqual(["", "?program=kids"]);
    expect(container.textContent).toBe("?program=kids");
  });

  test("after hydration a new value shows in the same render, with no stale frame", () => {
    const tab = visit("");
    renders = [];
    tab.navigate("?program=kids");
    expect(renders[0]).toBe("?program=kids");
    expect(container.textContent).toBe("?program=kids");
  });

  test("a page reached by client-side navigation from one without the hook shows the browser's value in its first render", () => {
    const { act, createRoot, markPageHydrated, useLiveValue } = newTab();
    markPageHydrated(); // the first page (say /about/) hydrated; it has no live values of its own
    function Filter({ search }: { search: string }) {
      const selected = useLiveValue(search, "");
      renders.push(selected);
      return <p>{selected || "all classes"}</p>;
    }
    const root = createRoot(container);
    act(() => root.render(<Filter search="?program=kids" />));
    cleanUp = () => act(() => root.unmount());
    expect(renders).toEqual(["?program=kids"]);
  });
});
