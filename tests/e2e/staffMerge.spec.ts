import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import type { LeadDetail } from "../../src/desk/leads";
import { BUILD_DAY_SITE, nowOnBuildDay } from "../support/buildDay";
import { signInContext, staffSession } from "../support/staff";
import { SESSION_COOKIE } from "../../src/server/staff/auth";
import { expectNoAxeViolations } from "./support/axe";
import { gotoReady } from "./support/page";
import { postContact } from "./support/visitor";

/**
 * Two people who gave one phone number, merged by the owner on a phone: offered on the person's page,
 * confirmed in a dialog naming both, then one person whose timeline holds both forms; the other's old
 * links open them, and the merged address's next form joins them.
 */

test.use({ baseURL: BUILD_DAY_SITE.url, viewport: { width: 390, height: 844 } });
const DATA_DIR = BUILD_DAY_SITE.dataDir;

test("the owner merges two people who share a phone number: a dialog names both, then one person with both forms", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 8);
  const digits = String(Number.parseInt(tag.slice(0, 6), 16) % 10_000).padStart(4, "0");
  const name = `Merge ${tag}`;
  const home = { name, email: `merge-${tag}@example.com`, phone: `253-555-${digits}` };
  const work = { name, email: `merge-${tag}@work.example`, phone: `(253) 555-${digits}` };
  const fromHome = await postContact(baseURL!, home);
  const fromWork = await postContact(baseURL!, work);
  await signInContext(context, baseURL!, DATA_DIR, `owner-${randomUUID().slice(0, 6)}@example.com`, "owner", nowOnBuildDay());

  // The work address's person: the home address's is offered beside it, with what the owner needs to tell.
  await gotoReady(page, `/staff/lead/?id=${fromWork}`);
  const offer = page.getByRole("region", { name: "Possibly the same person (same phone number)" });
  await expect(offer).toContainText(home.email);
  await expect(offer).toContainText("New · 1 form");
  await expectNoAxeViolations(page, "the same-phone offer at 390px");

  await offer.getByRole("button", { name: /^Merge into this person: / }).click();
  // Both have one name: the dialog names each by address.
  const dialog = page.getByRole("dialog", { name: `Merge ${home.email} into ${work.email}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Merged, then deleted${name}, ${home.email}`);
  await expect(dialog).toContainText(`Kept: this person${name}, ${work.email}`);
  await expectNoAxeViolations(page, "the merge dialog at 390px");
  // Cancel changes nothing.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(offer.getByRole("listitem")).toHaveCount(1);

  await offer.getByRole("button", { name: /^Merge into this person: / }).click();
  await dialog.getByRole("button", { name: "Merge", exact: true }).click();
  await expect(dialog).toBeHidden();
  const said = offer.getByRole("status");
  await expect(said).toContainText(`Merged ${name}`);
  await expect(said).toBeFocused();
  await expect(offer.getByRole("listitem")).toHaveCount(0);
  const timeline = page.locator("ol").last();
  await expect(timeline).toContainText(`(${fromHome})`);
  await expect(timeline).toContainText(`(${fromWork})`);
  await expect(timeline).toContainText("Merged with N-");
  await expectNoAxeViolations(page, "the merged person at 390px");

  // The home address's old link opens the person kept; so does the merged person's own reference.
  const kept = (await (await page.request.get(`/api/staff/lead?id=${fromWork}`)).json()) as LeadDetail;
  const merged = kept.timeline.find((entry) => entry.kind === "merge")?.body ?? "";
  expect(merged).toMatch(/^N-/);
  for (const reference of [fromHome, merged]) {
    const detail = (await (await page.request.get(`/api/staff/lead?id=${reference}`)).json()) as LeadDetail;
    expect([reference, detail.person?.id]).toEqual([reference, kept.person?.id]);
  }
  await gotoReady(page, `/staff/lead/?id=${fromHome}`);
  await expect(page.locator("ol").last()).toContainText(`(${fromWork})`);

  // The home address writes again: the form joins the person kept.
  const later = await postContact(baseURL!, { ...home, phone: "" });
  const after = (await (await page.request.get(`/api/staff/lead?id=${later}`)).json()) as LeadDetail;
  expect(after.person?.id).toBe(kept.person?.id);
  expect(after.lead.forms).toBe(3);

  // A coach is offered nothing and refused if they ask.
  const coach = await staffSession(DATA_DIR, `coach-${randomUUID().slice(0, 6)}@example.com`, "coach", nowOnBuildDay());
  const asked = await fetch(`${baseURL}/api/staff/lead`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL!, Cookie: `${SESSION_COOKIE}=${coach}` },
    body: JSON.stringify({ id: fromWork, action: "merge", other: fromHome }),
  });
  expect([asked.status, await asked.json()]).toEqual([403, { error: "Only the gym's owner can merge people." }]);
});
