import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { MIN_FILL_MS } from "../../../src/forms/schemas/fields";
import type { IntroSlot } from "../../../src/intro/availability";
import { BUILD_INSTANT } from "../../support/buildDay";
import { gotoReady } from "./page";

/** What a visitor types about themselves; `stored` is the phone as the store keeps it. */
export interface Visitor {
  name: string;
  email: string;
  phone: string;
  stored: string;
}

/** A unique visitor, so tests running side by side find only their own person. */
export function newVisitor(prefix: string): Visitor {
  const tag = randomUUID().slice(0, 8);
  const digits = String(Number.parseInt(tag.slice(0, 6), 16) % 10_000).padStart(4, "0");
  return {
    name: `${prefix} ${tag}`,
    email: `${prefix.toLowerCase()}-${tag}@example.com`,
    phone: `253-555-${digits}`,
    stored: `+1253555${digits}`,
  };
}

/** A field by the start of its label (the label may go on with "(optional)" or a hint). */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s|$)`);

/**
 * Sends the contact form on its page as a visitor does, on the build's day (the page's clock is
 * installed at the build's instant unless the page is already open); the reference the site answers with.
 */
export async function sendContactForm(page: Page, who: Pick<Visitor, "name" | "email" | "phone">): Promise<string> {
  if (!page.url().startsWith("http")) await page.clock.install({ time: BUILD_INSTANT });
  await gotoReady(page, "/contact/");
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel(label("Your name")).fill(who.name);
  await form.getByLabel(label("Email")).fill(who.email);
  await form.getByLabel(label("Phone")).fill(who.phone);
  await form.getByLabel(label("What is your message about?")).selectOption("membership");
  await form.getByLabel(label("Message")).fill("Do you have evening classes?");
  await page.clock.fastForward(MIN_FILL_MS);
  await page.getByRole("button", { name: "Send message" }).click();
  const reference = (await page.getByTestId("form-success").locator("span").last().textContent()) ?? "";
  expect(reference).toMatch(/^C-[0-9A-Z]{10}$/);
  return reference;
}

/** Posts the contact form as its script does, to the site at `base`; the reference the site answers with. */
export async function postContact(base: string, who: Pick<Visitor, "name" | "email" | "phone">): Promise<string> {
  const response = await fetch(`${base}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...who, interest: "membership", message: "Do you have evening classes?", elapsedMs: MIN_FILL_MS + 2000 }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Books a free intro as the intro page's script posts it: a free slot, another if one is taken meanwhile. */
export async function postIntro(base: string, who: Pick<Visitor, "name" | "email">): Promise<string> {
  const { slots } = (await (await fetch(`${base}/api/intro-slots`)).json()) as { slots: IntroSlot[] };
  for (const slot of [...slots].sort(() => Math.random() - 0.5).slice(0, 10)) {
    const response = await fetch(`${base}/api/intro`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ start: slot.start, name: who.name, email: who.email, goals: "", elapsedMs: MIN_FILL_MS + 2000 }),
    });
    if (response.status === 409) continue;
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }
  throw new Error("no free intro slot");
}
