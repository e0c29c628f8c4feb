/**
 * @jest-environment jsdom
 */
import { act, type ReactElement } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import type * as ReactDomServer from "react-dom/server";
import { ContactForm } from "../../../src/components/form/ContactForm";
import { FormShell } from "../../../src/components/form/FormShell";
import { HoldForm } from "../../../src/components/form/HoldForm";
import { TextInput } from "../../../src/components/form/inputs";
import { PAGE_FAILURE } from "../../../src/forms/submitForm";
import { useForm, type FormCheck, type FormValues } from "../../../src/hooks/useForm";

/**
 * The contact form through the typed hook, in a browser-like DOM, with the server stubbed. jsdom has
 * no `Response`, so the stub answers with the few parts of one that submitForm reads (its own tests
 * use real Response objects).
 *
 * The form's check is its own module, which the page loads with import(). Under Jest that import()
 * is a require(), so the module is wrapped here only to count its loads and, when asked, to fail as
 * a chunk that cannot be downloaded would; what it exports is the real check.
 */
const mockCheckLoads = jest.fn();
let mockCheckUnavailable = false;
jest.mock("../../../src/forms/contact/schema", () => {
  mockCheckLoads();
  if (mockCheckUnavailable) throw new Error("Loading chunk forms-schemas-contact failed.");
  return jest.requireActual("../../../src/forms/contact/schema");
});

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
  // Each test is a fresh page: the check's module is not loaded yet.
  jest.resetModules();
  mockCheckLoads.mockClear();
  mockCheckUnavailable = false;
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
function fill(id: string, value: string, element = field(id)) {
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
const buttonNamed = (name: string) => [...container.querySelectorAll("button")].find((b) => b.textContent === name);

async function send(button = "Send message") {
  const target = [...container.querySelectorAll("button")].find((b) => b.textContent === button);
  if (!target) throw new Error(`no button "${button}"`);
  await act(async () => {
    target.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Lets pending promises (a module being loaded, an answer arriving) settle. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function focus(id: string) {
  act(() => field(id).focus());
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

  test("the check is not loaded with the page: the first focus in the form loads it, once", async () => {
    act(() => root.render(<ContactForm search="" />));
    await settle();
    expect(mockCheckLoads).not.toHaveBeenCalled();
    focus("name");
    await settle();
    expect(mockCheckLoads).toHaveBeenCalledTimes(1);
    focus("email");
    fill("email", "ana@");
    focus("message");
    await send();
    expect(mockCheckLoads).toHaveBeenCalledTimes(1);
    expect(summaryLinks()).toEqual([
      "Enter your name",
      "Enter an email address like name@example.com",
      "Choose what your message is about",
      "Enter your message",
    ]);
    expect(document.activeElement).toBe(field("name"));
  });

  test("Send pressed before anything was focused waits for the check, then shows its problems", async () => {
    act(() => root.render(<ContactForm search="" />));
    fillValid();
    fill("email", "not an address");
    await send();
    expect(mockCheckLoads).toHaveBeenCalledTimes(1);
    expect(fetchStub).not.toHaveBeenCalled();
    expect(summaryLinks()).toEqual(["Enter an email address like name@example.com"]);
    expect(document.activeElement).toBe(field("email"));
  });

  test("a check that cannot be loaded: the form is sent anyway, the server's field errors are shown, values kept", async () => {
    mockCheckUnavailable = true;
    act(() => root.render(<ContactForm search="" />));
    focus("name");
    fill("name", "Ana Ruiz");
    fill("email", "not an address");
    fill("interest", "kids");
    fill("message", "Hello");
    fetchStub.mockResolvedValueOnce(answer(422, { errors: { email: "Enter an email address like name@example.com" } }));
    await send();
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String((fetchStub.mock.calls[0] as [string, RequestInit])[1].body))).toMatchObject({ email: "not an address" });
    expect(summaryLinks()).toEqual(["Enter an email address like name@example.com"]);
    expect(document.activeElement).toBe(field("email"));
    expect(field("email").value).toBe("not an address");
    expect(field("message").value).toBe("Hello");
    expect(container.querySelector("[data-testid=form-failure]")).toBeNull();

    // The connection is back: the next attempt loads the check and it speaks before the server.
    mockCheckUnavailable = false;
    fill("email", "ana@");
    await send();
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(summaryLinks()).toEqual(["Enter an email address like name@example.com"]);
  });

  test("two presses in the same moment, before React renders, send once", async () => {
    act(() => root.render(<ContactForm search="" />));
    fillValid();
    fetchStub.mockResolvedValue(answer(201, { id: "C-0123456789" }));
    await act(async () => {
      field("name").form?.requestSubmit();
      field("email").form?.requestSubmit();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await settle();
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(container.querySelector("[data-testid=form-success]")?.textContent).toContain("C-0123456789");
  });

  test("Send pressed again while the message is on its way sends it once", async () => {
    act(() => root.render(<ContactForm search="" />));
    fillValid();
    let arrive: () => void = () => undefined;
    fetchStub.mockImplementation(
      () =>
        new Promise((resolve) => {
          arrive = () => resolve(answer(201, { id: "C-0123456789" }));
        }),
    );
    await send();
    expect(fetchStub).toHaveBeenCalledTimes(1);
    const button = buttonNamed("Sending…");
    expect(button?.disabled).toBe(true);
    // A browser hands the page one press at a time, and React renders "sending" in between: the
    // button is disabled by then, but Enter in a field submits the form all the same.
    await act(async () => {
      button?.click();
      field("name").form?.requestSubmit();
      field("email").form?.requestSubmit();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(fetchStub).toHaveBeenCalledTimes(1);
    await act(async () => arrive());
    await settle();
    expect(container.querySelector("[data-testid=form-success]")?.textContent).toContain("C-0123456789");
  });
});

/**
 * The loading itself, with a check whose arrival the test decides: a slow connection, as a form on a
 * phone may see. The form is the real hook and frame with one field.
 */
type ProbeValues = FormValues<{ name: string; website?: string }>;

function ProbeForm({ loadCheck }: { loadCheck: () => Promise<FormCheck<ProbeValues>> }) {
  const form = useForm<{ name: string; website?: string }>({
    formId: "probe",
    endpoint: "/api/contact",
    initialValues: { name: "", website: "" },
    fieldOrder: ["name"],
    loadCheck,
    toPayload: (values) => ({ name: values.name }),
  });
  return (
    <FormShell form={form} label="Probe" submitLabel="Send" success={(reference) => <p>{reference}</p>}>
      <TextInput control={form.control} name="name" label="Name" required />
    </FormShell>
  );
}

const nameRequired: FormCheck<ProbeValues> = (values) => {
  const errors: Record<string, string> = {};
  if (!values.name.trim()) errors.name = "Enter your name";
  return errors;
};

function slowCheck() {
  let arrive: (check: FormCheck<ProbeValues>) => void = () => undefined;
  const loaded = new Promise<FormCheck<ProbeValues>>((resolve) => {
    arrive = resolve;
  });
  return { load: jest.fn(() => loaded), arrive: (check: FormCheck<ProbeValues>) => act(async () => arrive(check)) };
}

const probe = (id: string) => document.getElementById(`probe-${id}`) as HTMLInputElement;

describe("a failure in the page's own code", () => {
  test("leaves the form failed with what was typed, not stuck on Sending, and Send works again", async () => {
    let broken = true;
    const check: FormCheck<ProbeValues> = (values) => {
      if (broken) throw new Error("a bug in the check");
      return nameRequired(values);
    };
    act(() => root.render(<ProbeForm loadCheck={async () => check} />));
    fill("name", "Ana", probe("name"));
    await send("Send");
    await settle();
    expect(fetchStub).not.toHaveBeenCalled();
    expect(container.querySelector("[data-testid=form-failure]")?.textContent).toContain(PAGE_FAILURE);
    expect(probe("name").value).toBe("Ana");

    broken = false;
    fetchStub.mockResolvedValue(answer(201, { id: "C-0123456789" }));
    await send("Send");
    await settle();
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(container.textContent).toContain("C-0123456789");
  });
});

describe("the check, loaded on first use", () => {
  test("focus asks for it once; Send waits for it and then checks", async () => {
    const check = slowCheck();
    act(() => root.render(<ProbeForm loadCheck={check.load} />));
    expect(check.load).not.toHaveBeenCalled();
    act(() => probe("name").focus());
    act(() => probe("name").blur());
    act(() => probe("name").focus());
    expect(check.load).toHaveBeenCalledTimes(1);
    await send("Send");
    expect(fetchStub).not.toHaveBeenCalled();
    expect(summaryLinks()).toEqual([]);
    // The press is taken: the button says so while the check is on its way.
    expect(buttonNamed("Sending…")?.disabled).toBe(true);
    await check.arrive(nameRequired);
    await settle();
    // Send asks again (import() answers at once once the module is here), so the check is built
    // from the newest options.
    expect(check.load).toHaveBeenCalledTimes(2);
    expect(fetchStub).not.toHaveBeenCalled();
    expect(summaryLinks()).toEqual(["Enter your name"]);
    expect(document.activeElement).toBe(probe("name"));
  });

  test("Send pressed again and again while the check is on its way sends once", async () => {
    const check = slowCheck();
    act(() => root.render(<ProbeForm loadCheck={check.load} />));
    act(() => probe("name").focus());
    fill("name", "Ana", probe("name"));
    fetchStub.mockResolvedValue(answer(201, { id: "C-0123456789" }));
    await send("Send");
    // The button is disabled now; pressing Enter in a field submits the form all the same.
    await act(async () => {
      probe("name").form?.requestSubmit();
      probe("name").form?.requestSubmit();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(fetchStub).not.toHaveBeenCalled();
    await check.arrive(nameRequired);
    await settle();
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(container.textContent).toContain("C-0123456789");
  });
});

/**
 * A form page as a visitor on a slow phone gets it: the HTML first (rendered as Gatsby renders it, by
 * React's Node build), fields the visitor changes before the scripts arrive, then hydration.
 */
describe("what a visitor does before the page goes live", () => {
  const { renderToString } = jest.requireActual<typeof ReactDomServer>("react-dom/server.node");
  let page: HTMLElement;
  let live: Root | undefined;

  beforeEach(() => {
    page = document.createElement("div");
    document.body.append(page);
  });
  afterEach(() => {
    act(() => live?.unmount());
    live = undefined;
    page.remove();
  });

  function goLive(form: ReactElement) {
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    act(() => {
      live = hydrateRoot(page, form);
    });
    expect(errors).not.toHaveBeenCalled(); // hydration matched the HTML
    errors.mockRestore();
  }

  const inPage = <T extends HTMLElement>(id: string) => page.querySelector<T>(`#${id}`) as T;

  async function sendIn(label: string) {
    const button = [...page.querySelectorAll("button")].find((b) => b.textContent === label);
    await act(async () => {
      button?.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }

  test("typed text and a chosen topic are kept, and sent", async () => {
    const form = <ContactForm search="" />;
    page.innerHTML = renderToString(form);
    // Typed, and chosen by the inline script that applies ?interest= (QueryChoice), before the scripts ran.
    inPage<HTMLInputElement>("contact-name").value = "Early Eve";
    inPage<HTMLSelectElement>("contact-interest").value = "kids";
    goLive(form);
    expect(inPage<HTMLInputElement>("contact-name").value).toBe("Early Eve");
    expect(inPage<HTMLSelectElement>("contact-interest").value).toBe("kids");

    fill("email", "eve@example.com", inPage<HTMLInputElement>("contact-email"));
    fill("message", "Is there a class for my son?", inPage<HTMLTextAreaElement>("contact-message"));
    fetchStub.mockResolvedValueOnce(answer(201, { id: "C-0123456789" }));
    await sendIn("Send message");
    expect(JSON.parse(String((fetchStub.mock.calls[0] as [string, RequestInit])[1].body))).toMatchObject({
      name: "Early Eve",
      email: "eve@example.com",
      interest: "kids",
    });
  });

  test("a radio chosen and a box ticked are kept: the form shows what they bring and checks them as chosen", async () => {
    const policy = { holdNoticeDays: 7, minHoldDays: 14, maxHoldDays: 90, cancellationNoticeDays: 30 };
    const form = <HoldForm policy={policy} today="2026-11-24" />;
    page.innerHTML = renderToString(form);
    // The HTML has every date field, so a visitor without script can fill the ones their choice needs.
    expect(page.querySelector("#hold-cancelDate")).not.toBeNull();
    expect(page.querySelector("#hold-holdStart")).not.toBeNull();
    inPage<HTMLInputElement>("hold-type-cancel").checked = true;
    inPage<HTMLInputElement>("hold-acknowledged").checked = true;
    goLive(form);
    // Live, only the cancellation's date field stays.
    expect(page.querySelector("#hold-cancelDate")).not.toBeNull();
    expect(page.querySelector("#hold-holdStart")).toBeNull();
    await sendIn("Send cancellation notice");
    const problems = [...page.querySelectorAll("[role=alert] a")].map((link) => link.textContent);
    expect(problems).not.toContain("Choose a hold or a cancellation");
    expect(problems).not.toContain("Confirm that you have read the hold and cancellation policy");
    expect(problems.length).toBeGreaterThan(0);
    expect(inPage<HTMLInputElement>("hold-type-cancel").checked).toBe(true);
    expect(inPage<HTMLInputElement>("hold-acknowledged").checked).toBe(true);
    expect(document.activeElement).toBe(inPage("hold-name"));
  });

  test("in the HTML, Send posts the form the browser's way (never a GET into the address); live, the script sends it", () => {
    const form = <ContactForm search="" />;
    page.innerHTML = renderToString(form);
    const button = () => [...page.querySelectorAll("button")].find((b) => b.textContent === "Send message");
    expect(button()?.disabled).toBe(false);
    expect(page.querySelector("form")?.getAttribute("method")).toBe("post");
    expect(page.querySelector("form")?.getAttribute("action")).toBe("/api/contact");
    goLive(form);
    expect(button()?.disabled).toBe(false);
    expect(inPage<HTMLInputElement>("contact-name").value).toBe("");
  });
});
