/**
 * @jest-environment jsdom
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { ContactForm } from "../../../src/components/form/ContactForm";

/**
 * The contact form through the typed hook, in a browser-like DOM, with the server stubbed. jsdom has
 * no `Response`, so the stub answers with the few parts of one that submitForm reads (its own tests
 * use real Response objects).
 */
function answer(status: number, body: unknown): Response {
  return { status, headers: { get: () => null }, json: async () => body } as unknown as Response;
}

let root: Root;
let container: HTMLElement;
const fetchStub = jest.fn<Promise<Response>, [string, RequestInit]>();

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // jsdom lays nothing out, so it has no scrolling either.
  Element.prototype.scrollIntoView = () => undefined;
  Object.assign(globalThis, { fetch: fetchStub });
});

beforeEach(() => {
  fetchStub.mockReset();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const field = (id: string) => document.getElementById(`contact-${id}`) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Types as a visitor would: React hears the browser's own input (or, for a select, change) event. */
function fill(id: string, value: string) {
  const element = field(id);
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value")?.set;
  act(() => {
    setter?.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  });
}

function fillValid() {
  fill("name", "Ana Ruiz");
  fill("email", "ana@example.com");
  fill("interest", "kids");
  fill("message", "Do you have classes for an 8-year-old?");
}

/** Presses the send button and lets the answer arrive: a macrotask runs only after every pending promise. */
async function send(button = "Send message") {
  const target = [...container.querySelectorAll("button")].find((b) => b.textContent === button);
  if (!target) throw new Error(`no button "${button}"`);
  await act(async () => {
    target.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const summaryLinks = () => [...container.querySelectorAll("[role=alert] a")].map((link) => link.textContent);

describe("a form through useForm", () => {
  test("sent empty: nothing is posted, every problem is listed in form order, focus on the first field", async () => {
    act(() => root.render(<ContactForm search="" />));
    await send();
    expect(fetchStub).not.toHaveBeenCalled();
    expect(summaryLinks()).toEqual([
      "Enter your name",
      "Enter your email address",
      "Choose what your message is about",
      "Enter your message",
    ]);
    expect(document.activeElement).toBe(field("name"));
    expect(field("name").getAttribute("aria-invalid")).toBe("true");
  });

  test("a field's error goes as soon as the visitor changes it", async () => {
    act(() => root.render(<ContactForm search="" />));
    await send();
    fill("name", "Ana");
    expect(field("name").getAttribute("aria-invalid")).toBeNull();
    expect(field("email").getAttribute("aria-invalid")).toBe("true");
  });

  test("the server's field errors are shown on their fields, focus on the first in form order, values kept", async () => {
    act(() => root.render(<ContactForm search="" />));
    fillValid();
    fetchStub.mockResolvedValueOnce(
      answer(422, { errors: { message: "Remove the hidden control characters from your message", email: "Enter another address" } }),
    );
    await send();
    expect(summaryLinks()).toEqual(["Enter another address", "Remove the hidden control characters from your message"]);
    expect(document.activeElement).toBe(field("email"));
    expect(field("name").value).toBe("Ana Ruiz");
    expect(field("message").value).toBe("Do you have classes for an 8-year-old?");
  });

  test("a failed connection keeps every value; trying again sends the same values and shows the reference", async () => {
    const sent = jest.fn();
    act(() => root.render(<ContactForm search="" onSent={sent} />));
    fillValid();
    fetchStub.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await send();
    const failure = container.querySelector("[data-testid=form-failure]");
    expect(failure?.textContent).toContain("the connection to our website failed");
    expect(document.activeElement).toBe(failure);
    expect(field("name").value).toBe("Ana Ruiz");
    expect(field("interest").value).toBe("kids");

    fetchStub.mockResolvedValueOnce(answer(201, { id: "C-0123456789" }));
    await send("Try again");
    expect(fetchStub).toHaveBeenCalledTimes(2);
    const [url, init] = fetchStub.mock.calls[1] as [string, RequestInit];
    expect(url).toBe("/api/contact");
    expect(JSON.parse(String(init.body))).toMatchObject({
      name: "Ana Ruiz",
      email: "ana@example.com",
      interest: "kids",
      message: "Do you have classes for an 8-year-old?",
      website: "",
    });
    expect(JSON.parse(String(init.body))).not.toHaveProperty("phone");
    expect(container.querySelector("[data-testid=form-success]")?.textContent).toContain("C-0123456789");
    expect(sent).toHaveBeenCalledWith("C-0123456789");
  });

  test("after a failed connection, a form the visitor broke shows its problems, not the old failure", async () => {
    act(() => root.render(<ContactForm search="" />));
    fillValid();
    fetchStub.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await send();
    expect(container.querySelector("[data-testid=form-failure]")).not.toBeNull();
    fill("name", "");
    await send("Send message");
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(container.querySelector("[data-testid=form-failure]")).toBeNull();
    expect(summaryLinks()).toEqual(["Enter your name"]);
  });

  test("a server failure keeps the values and says so", async () => {
    act(() => root.render(<ContactForm search="" />));
    fillValid();
    fetchStub.mockResolvedValueOnce(answer(503, { error: "down" }));
    await send();
    expect(container.querySelector("[data-testid=form-failure]")?.textContent).toContain("our website had a problem");
    expect(field("message").value).toBe("Do you have classes for an 8-year-old?");
  });

  test("?interest= preselects the topic once, never over the visitor's own choice", () => {
    act(() => root.render(<ContactForm search="" />));
    expect(field("interest").value).toBe("");
    act(() => root.render(<ContactForm search="?interest=membership" />));
    expect(field("interest").value).toBe("membership");
    fill("interest", "");
    act(() => root.render(<ContactForm search="?interest=membership" />));
    expect(field("interest").value).toBe("");
    fill("interest", "kids");
    act(() => root.render(<ContactForm search="?interest=foundations" />));
    expect(field("interest").value).toBe("kids");
  });
});
