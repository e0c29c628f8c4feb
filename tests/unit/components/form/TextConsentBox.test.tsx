/**
 * @jest-environment jsdom
 */
import { createElement } from "react";
import type * as ReactDomServer from "react-dom/server";
import { ContactForm } from "../../../../src/components/form/ContactForm";
import { HoldForm } from "../../../../src/components/form/HoldForm";
import siteJson from "../../../../content/site.json";
import { textConsentWords } from "../../../../src/texts/consent";

/**
 * The box "Text me about my enquiry" as the build renders it, before any script: a real check box,
 * unticked, posted as `textConsent` without JavaScript, named by its own label, and described by the
 * whole disclosure, which reads exactly as the text the consent ledger keeps.
 */

const words = textConsentWords(siteJson);
// The Node build: jsdom lacks the TextEncoder the browser build needs.
const { renderToStaticMarkup } = jest.requireActual<typeof ReactDomServer>("react-dom/server.node");

function box(html: string) {
  document.body.innerHTML = html;
  const label = [...document.querySelectorAll("label")].find((l) => l.textContent === words.label);
  const input = label && document.getElementById(label.htmlFor);
  if (!(input instanceof HTMLInputElement)) throw new Error("no check box labelled for texts");
  const described = (input.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "");
  return { input, description: described.join(" "), link: document.querySelector<HTMLAnchorElement>(`a[href="${words.privacyPath}"]`) };
}

test.each([
  ["contact", () => createElement(ContactForm, { search: "" })],
  [
    "hold",
    () =>
      createElement(HoldForm, {
        policy: { holdNoticeDays: 7, minHoldDays: 14, maxHoldDays: 90, cancellationNoticeDays: 30 },
        today: "2026-11-24",
      }),
  ],
])("the %s form: an unticked box named textConsent, its disclosure as its description", (_form, element) => {
  const { input, description, link } = box(renderToStaticMarkup(element()));
  expect(input.type).toBe("checkbox");
  expect(input.name).toBe("textConsent");
  expect(input.checked).toBe(false);
  expect(input.required).toBe(false);
  // What the visitor is told is the text the ledger keeps, word for word.
  expect(description).toBe(words.text);
  for (const part of ["Msg & data rates may apply.", "Reply STOP to end, HELP for help.", siteJson.name])
    expect(description).toContain(part);
  expect(link?.textContent).toBe(words.privacyAddress);
});
