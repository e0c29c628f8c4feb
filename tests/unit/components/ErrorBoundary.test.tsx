/**
 * @jest-environment jsdom
 */
import { act } from "react";
import { createRoot } from "react-dom/client";
import { ErrorBoundary } from "../../../src/components/ErrorBoundary";

function Broken({ error }: { error: Error }): never {
  throw error;
}

function render(element: JSX.Element): HTMLElement {
  const container = document.createElement("div");
  document.body.append(container);
  act(() => createRoot(container).render(element));
  return container;
}

describe("error boundary", () => {
  let consoleError: jest.SpyInstance;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  test("shows the code and message with a way home", () => {
    const error = Object.assign(new Error("Cannot read the schedule"), { code: "E_SCHEDULE" });
    const container = render(
      <ErrorBoundary userAgent="Mozilla/5.0 (X11; Linux x86_64) Chrome/120">
        <Broken error={error} />
      </ErrorBoundary>,
    );
    expect(container.querySelector("h1")?.textContent).toBe("Something went wrong (E_SCHEDULE)");
    expect(container.textContent).toContain("Cannot read the schedule");
    expect(container.querySelector('a[href="/"]')?.textContent).toBe("Go back home");
    expect(consoleError).toHaveBeenCalled();
  });

  test("renders nothing extra for crawlers, and logs", () => {
    const container = render(
      <ErrorBoundary userAgent="Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)">
        <Broken error={new TypeError("x is undefined")} />
      </ErrorBoundary>,
    );
    expect(container.innerHTML).toBe("");
    expect(consoleError).toHaveBeenCalledWith("Page failed to render", expect.any(TypeError), expect.anything());
  });

  test("renders its children when nothing fails", () => {
    const container = render(
      <ErrorBoundary>
        <p>Fine</p>
      </ErrorBoundary>,
    );
    expect(container.textContent).toBe("Fine");
  });
});
