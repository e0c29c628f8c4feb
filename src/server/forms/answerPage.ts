import fs from "node:fs";
import path from "node:path";
import { defaultTreeAdapter as tree, parse, serialize, type DefaultTreeAdapterMap } from "parse5";
import { orderErrors } from "../../forms/errorOrder";
import type { FieldValue } from "../../forms/formValues";
import { SENT_MESSAGE_ID, type SentWords } from "../../forms/sentWords";
import type { DaySlots } from "../../intro/display";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];
type ParentNode = DefaultTreeAdapterMap["parentNode"];

/**
 * The pages a form sent without JavaScript is answered with, made from the form's own built page
 * (public/<path>/index.html: the markup React rendered, header, footer and styles included), so there
 * is no second copy of a form to keep in step. The problems page is that page with the visitor's values
 * back in their fields and each message where the enhanced form shows it (FormShell's summary at the
 * top, Field's message at its field, the failure above Send: the markup and class names of
 * src/components/form/); the confirmation replaces the form with the message the enhanced form shows.
 * Both leave out the page's scripts: the visitor's browser ran none, and a page that hydrated over
 * values React did not render would lose them.
 */

export interface Problems {
  /** The values to put back (the honeypot's is never echoed). */
  values: Readonly<Record<string, FieldValue>>;
  /** Field -> message, as the API's 422 names them. */
  errors: Readonly<Record<string, string>>;
  /** The fields in page order, for the summary's order (src/forms/<form>/values.ts). */
  fieldOrder: readonly string[];
  /** A problem with the send as a whole (too many sends, the store down): shown above Send. */
  failure?: string;
  /** The free intro's open times, for a form that books one (its page's form has none built in). */
  times?: OpenTimesShown;
}

export interface OpenTimesShown {
  zone: string;
  days: readonly DaySlots[];
}

const pages = new Map<string, string>();

/** The built page at `pagePath`, read once per process (a deploy restarts the server). */
function builtPage(pagePath: string): string {
  let html = pages.get(pagePath);
  if (html === undefined) {
    html = fs.readFileSync(path.join(process.cwd(), "public", pagePath, "index.html"), "utf8");
    pages.set(pagePath, html);
  }
  return html;
}

const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;

function setAttr(element: Element, name: string, value: string): void {
  const existing = element.attrs.find((a) => a.name === name);
  if (existing) existing.value = value;
  else element.attrs.push({ name, value });
}

function removeAttr(element: Element, name: string): void {
  element.attrs = element.attrs.filter((a) => a.name !== name);
}

function* elementsIn(node: Node): Generator<Element> {
  const children = tree.isElementNode(node) && node.tagName === "template" ? [] : "childNodes" in node ? node.childNodes : [];
  for (const child of children) {
    if (tree.isElementNode(child)) yield child;
    yield* elementsIn(child);
  }
}

function find(node: Node, test: (element: Element) => boolean): Element | undefined {
  for (const element of elementsIn(node)) if (test(element)) return element;
  return undefined;
}

/** An element with attributes and children (text or elements), made as parse5 would parse it. */
function h(tagName: string, attrs: Record<string, string>, ...children: Array<Element | string>): Element {
  const element = tree.createElement(
    tagName,
    "http://www.w3.org/1999/xhtml" as Element["namespaceURI"],
    Object.entries(attrs).map(([name, value]) => ({ name, value })),
  );
  for (const child of children) {
    if (typeof child === "string") tree.insertText(element, child);
    else tree.appendChild(element, child);
  }
  return element;
}

function insertAfter(reference: Element, node: Element): void {
  const parent = reference.parentNode as ParentNode;
  const next = parent.childNodes[parent.childNodes.indexOf(reference) + 1];
  if (next) tree.insertBefore(parent, node, next);
  else tree.appendChild(parent, node);
}

function prepend(parent: Element, node: Element): void {
  const first = parent.childNodes[0];
  if (first) tree.insertBefore(parent, node, first);
  else tree.appendChild(parent, node);
}

/**
 * A class of src/components/form/Form.module.css as this build named it ("Form-module--error--ddea2"),
 * read from the page's own inlined styles, so the answer looks exactly as the enhanced form does.
 */
function formClass(html: string, local: string, module = "Form"): string {
  // Found once per page and name: the open times ask for the same few classes once per time offered.
  const key = `${module}:${local}`;
  let classes = classesOf.get(html);
  if (!classes) classesOf.set(html, (classes = new Map()));
  let found = classes.get(key);
  if (found === undefined) {
    found = new RegExp(`\\.(${module}-module--${local}--[0-9a-f]+)\\b`).exec(html)?.[1];
    if (!found) throw new Error(`the built page has no style for ${module}'s "${local}"`);
    classes.set(key, found);
  }
  return found;
}

/** The classes each built page's styles named, by the page's HTML (a few pages, read once: builtPage). */
const classesOf = new Map<string, Map<string, string>>();

/** The page as a parsed document: its scripts (and what preloads them) gone, its title set. */
function documentOf(html: string, title: (built: string) => string) {
  const document = parse(html);
  for (const element of [...elementsIn(document)]) {
    const rel = attr(element, "rel");
    const preload = element.tagName === "link" && (rel === "preload" || rel === "modulepreload" || rel === "prefetch");
    if (element.tagName === "script" || (preload && attr(element, "as") !== "font" && attr(element, "as") !== "style")) {
      tree.detachNode(element);
    }
  }
  const titleElement = find(document, (element) => element.tagName === "title");
  if (titleElement) {
    const built = titleElement.childNodes.map((node) => (tree.isTextNode(node) ? node.value : "")).join("");
    titleElement.childNodes = [];
    tree.insertText(titleElement, title(built));
  }
  return document;
}

function formIn(document: Node, action: string): Element {
  const form = find(document, (element) => element.tagName === "form" && attr(element, "action") === action);
  if (!form) throw new Error(`the built page has no form that posts to ${action}`);
  return form;
}

function fill(form: Element, values: Problems["values"]): void {
  for (const control of elementsIn(form)) {
    const name = attr(control, "name");
    if (name === undefined || name === "website" || !(name in values)) continue;
    const value = values[name];
    if (control.tagName === "textarea") {
      control.childNodes = [];
      if (typeof value === "string" && value !== "") tree.insertText(control, value);
    } else if (control.tagName === "select") {
      for (const option of elementsIn(control)) {
        if (option.tagName !== "option") continue;
        if (attr(option, "value") === value) setAttr(option, "selected", "");
        else removeAttr(option, "selected");
      }
    } else if (control.tagName === "input") {
      const type = attr(control, "type");
      if (type === "checkbox") {
        if (value === true) setAttr(control, "checked", "");
        else removeAttr(control, "checked");
      } else if (type === "radio") {
        if (attr(control, "value") === value) setAttr(control, "checked", "");
        else removeAttr(control, "checked");
      } else setAttr(control, "value", typeof value === "string" ? value : "");
    }
  }
}

/** The outermost fieldset around `control` inside the form: a radio group's, however deeply nested. */
function outermostFieldset(form: Element, control: Element): Element {
  let found = control;
  for (let node = control.parentNode; node && node !== form && tree.isElementNode(node); node = node.parentNode) {
    if (node.tagName === "fieldset") found = node;
  }
  return found;
}

/** Field.tsx's ErrorText: "Error: " for screen readers, then the message. */
function errorText(html: string, id: string, message: string): Element {
  return h("p", { id: `${id}-error`, class: formClass(html, "error") }, h("span", { class: "visually-hidden" }, "Error: "), message);
}

/**
 * A field's message where the enhanced form shows it, its control marked and described by it. Returns
 * the id the summary links to, or undefined when the page has no such field.
 */
function markField(html: string, form: Element, name: string, message: string): string | undefined {
  const control = find(form, (element) => attr(element, "name") === name && element.tagName !== "option");
  const controlId = control && attr(control, "id");
  if (!control || !controlId) return undefined;
  const type = attr(control, "type");
  // A radio group (RadioGroup, or the open times) describes its outermost fieldset, which takes the
  // field's own id (the times) or else its first radio's (RadioGroup).
  const block = type === "radio" ? outermostFieldset(form, control) : control;
  const id = (type === "radio" && attr(block, "id")) || controlId;
  // A radio group's own hint is a child of its fieldset; its first option's hint may carry the same id.
  const hint =
    type === "radio"
      ? block.childNodes.find((node): node is Element => tree.isElementNode(node) && attr(node, "id") === `${id}-hint`)
      : find(form, (element) => attr(element, "id") === `${id}-hint`);
  const describedBy = [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(" ");
  const error = errorText(html, id, message);
  if (type === "radio") {
    // Its message follows the legend and hint.
    insertAfter(hint ?? (find(block, (element) => element.tagName === "legend") as Element), error);
    setAttr(block, "aria-describedby", describedBy);
    setAttr(block, "data-invalid", "");
    for (const radio of elementsIn(block)) if (attr(radio, "name") === name) setAttr(radio, "aria-invalid", "true");
    return id;
  }
  setAttr(control, "aria-invalid", "true");
  setAttr(control, "aria-describedby", describedBy);
  if (type === "checkbox") {
    // Checkbox: the message comes first in its block, above the box.
    const checkField = (control.parentNode as Element).parentNode as Element;
    prepend(checkField, error);
    setAttr(checkField, "data-invalid", "");
    return id;
  }
  // Field: label, hint, message, control.
  const field = control.parentNode as Element;
  insertAfter(hint ?? (find(field, (element) => element.tagName === "label") as Element), error);
  setAttr(field, "data-invalid", "");
  return id;
}

/**
 * The free intro's open times in its form, for a visitor without JavaScript: the booking block the
 * page hides until its script has times is shown, and the picker (SlotPicker's day and time radios,
 * which need script to switch days) holds every day's times at once, as one group of radios named
 * "start" in a fieldset per day, in SlotPicker's classes.
 */
/** Shows the booking block a booking page hides until its script has an offer (data-booking: src/components/intro/BookingOffer.tsx). */
function showBooking(form: Element): void {
  for (let node: Node | null = form; node; node = "parentNode" in node ? node.parentNode : null) {
    if (tree.isElementNode(node) && attr(node, "data-booking") !== undefined) removeAttr(node, "hidden");
  }
}

function showTimes(html: string, form: Element, formId: string, times: OpenTimesShown, chosen: FieldValue | undefined): void {
  showBooking(form);
  const picker = find(form, (element) => attr(element, "data-slot-picker") !== undefined);
  if (!picker) throw new Error("the built page has no place for the open times");
  picker.childNodes = [];
  const id = `${formId}-start`;
  const choice = formClass(html, "choice", "SlotPicker");
  let index = 0;
  const days = times.days.map((day) =>
    h(
      "fieldset",
      { class: formClass(html, "fieldset") },
      h("legend", { class: formClass(html, "label") }, day.label),
      h(
        "div",
        { class: formClass(html, "choices", "SlotPicker") },
        ...day.times.map((time) => {
          const radioId = `${id}-${index++}`;
          const radio = h("input", { id: radioId, type: "radio", name: "start", value: time.start, class: formClass(html, "checkbox") });
          if (time.start === chosen) setAttr(radio, "checked", "");
          return h("label", { class: choice, for: radioId }, radio, h("span", {}, time.label));
        }),
      ),
    ),
  );
  tree.appendChild(
    picker,
    h(
      "fieldset",
      { id, class: formClass(html, "fieldset"), "aria-describedby": `${id}-hint` },
      h("legend", { class: formClass(html, "label") }, "Day and time", h("span", { class: formClass(html, "required") }, " (required)")),
      h(
        "p",
        { id: `${id}-hint`, class: formClass(html, "hint") },
        `Times are ${times.zone || "in the gym's time zone"}, where the gym is.`,
      ),
      ...days,
    ),
  );
}

/**
 * The form's page with what the visitor sent back in its fields and what is wrong with it; with no
 * problems, the form to fill (the free intro's, with its open times).
 */
export function problemsPage(pagePath: string, action: string, problems: Problems): string {
  const html = builtPage(pagePath);
  const hasProblems = Object.keys(problems.errors).length > 0 || problems.failure !== undefined;
  const document = documentOf(html, (built) => (hasProblems ? `Error: ${built}` : built));
  const form = formIn(document, action);
  // The form's element ids all start with its id: "contact-name" -> "contact".
  const named = find(form, (element) => attr(element, "name") === "website");
  const formId = (named && attr(named, "id")?.replace(/-website$/, "")) ?? "form";
  if (problems.times) showTimes(html, form, formId, problems.times, problems.values.start);
  fill(form, problems.values);
  const summary = orderErrors(problems.errors, problems.fieldOrder);
  const links = summary.map(({ field, message }) => {
    const id = markField(html, form, field, message) ?? `${formId}-${field}`;
    return h("li", {}, h("a", { href: `#${id}` }, message));
  });
  if (problems.failure) {
    const send = find(form, (element) => element.tagName === "button" && attr(element, "type") === "submit");
    const failure = h("div", { class: formClass(html, "failure"), role: "alert" }, h("p", {}, problems.failure));
    if (send) tree.insertBefore(form, failure, send);
    else tree.appendChild(form, failure);
  }
  if (links.length > 0) {
    const summaryId = `${formId}-summary`;
    const heading = links.length === 1 ? "There is a problem" : `There are ${links.length} problems`;
    prepend(
      form,
      h(
        "div",
        { id: summaryId, class: formClass(html, "summary"), role: "alert", "aria-labelledby": `${summaryId}-title` },
        h("h2", { id: `${summaryId}-title`, class: formClass(html, "summaryTitle") }, heading),
        h("ul", {}, ...links),
      ),
    );
  }
  return serialize(document);
}

/**
 * The form's page with the form replaced by the message the enhanced form shows once it is stored
 * (FormShell's SentMessage: "Pay now" when the words have it); the reference only when the page knows
 * the submission (handler.ts's sentPage).
 */
export function confirmationPage(pagePath: string, action: string, words: SentWords, reference: string | undefined): string {
  const html = builtPage(pagePath);
  const document = documentOf(html, (built) => `${words.title}: ${built}`);
  const form = formIn(document, action);
  // FormShell's SentMessage, element for element.
  const facts = words.facts ?? [];
  const message = h(
    "div",
    { id: SENT_MESSAGE_ID, class: formClass(html, "success"), role: "status", "data-testid": "form-success" },
    h("h2", {}, words.title),
    ...(words.action ? [h("p", {}, h("a", { class: formClass(html, "sentAction"), href: words.action.href }, words.action.text))] : []),
    ...words.paragraphs.map((paragraph) => h("p", {}, paragraph)),
    ...(facts.length > 0
      ? [
          h(
            "dl",
            { class: formClass(html, "sentFacts") },
            ...facts.map((fact) =>
              h(
                "div",
                {},
                h("dt", {}, fact.label),
                h("dd", {}, fact.text, ...(fact.link ? [" ", h("a", { href: fact.link.href }, fact.link.text)] : [])),
              ),
            ),
          ),
        ]
      : []),
    ...(words.closing ?? []).map((paragraph) => h("p", {}, paragraph)),
    ...(words.payNow === undefined ? [] : [h("p", {}, h("a", { href: words.payNow, class: formClass(html, "payNow") }, "Pay now"))]),
    ...(reference === undefined ? [] : [h("p", {}, "Your reference: ", h("span", { class: formClass(html, "reference") }, reference))]),
  );
  showBooking(form);
  tree.insertBefore(form.parentNode as ParentNode, message, form);
  tree.detachNode(form);
  return serialize(document);
}
