import { expect, test, type Page } from "@playwright/test";
import { addDays } from "../../src/content/dates";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import { BUILD_DAY, BUILD_DAY_SITE, BUILD_INSTANT } from "../support/buildDay";
import { expectNoAxeViolations } from "./support/axe";
import { markerBesideFirstLine } from "./support/markers";
import { gotoReady, holdScripts } from "./support/page";
import { runScript } from "../support/tsxNode";
import { uniqueEmail } from "../support/uniqueEmail";

// The forms' dates are checked against today by the browser and again by the server: both on the build's day.
test.use({ baseURL: BUILD_DAY_SITE.url });

/** The staff's own tool, reading the store the served site writes. */
const submissionsCli = (...args: string[]) => runScript("scripts/submissions.ts", args, { DATA_DIR: BUILD_DAY_SITE.dataDir });

/**
 * Opens a form page with the page's clock under the test's control, on the build's day. People take
 * more than a few seconds to fill a form and faster is treated as a bot; `tookTimeToFill` moves that
 * clock on.
 */
async function openForm(page: Page, path: string) {
  await page.clock.install({ time: BUILD_INSTANT });
  await gotoReady(page, path);
}

/** The lines of `list --spam` (every submission, one held as spam ending "spam:<why>") whose address is `email`. */
const storedAs = (email: string) =>
  submissionsCli("list", "--spam")
    .split("\n")
    .filter((line) => line.split("  ").includes(email));

/** The form's own minimum fill time passes on the page's clock, without the test waiting for it. */
async function tookTimeToFill(page: Page) {
  await page.clock.fastForward(MIN_FILL_MS);
}

/** A field by the start of its label: the label's text, then "(required)", "(optional)" or a hint. */
function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s|$)`);
}

async function typeInto(page: Page, text: string) {
  await page.keyboard.type(text);
}

test.describe("contact form", () => {
  test("a visitor using only the keyboard sends a message and staff find it", async ({ page }) => {
    await openForm(page, "/contact/");
    const form = page.getByRole("form", { name: "Send us a message" });
    await form.getByLabel(label("Your name")).focus();
    await typeInto(page, "Keyboard Kim");
    await page.keyboard.press("Tab");
    await typeInto(page, "kim@example.com");
    await page.keyboard.press("Tab");
    await typeInto(page, "253 555 0177");
    // The box for texts, left unticked, then the privacy policy's link in its disclosure.
    await page.keyboard.press("Tab");
    await expect(form.getByRole("checkbox", { name: "Text me about my enquiry" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(form.getByRole("link", { name: /\/privacy\/$/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(form.getByLabel(label("What is your message about?"))).toBeFocused();
    await page.keyboard.press("ArrowDown"); // Membership
    await page.keyboard.press("Tab");
    await typeInto(page, "Do you have evening classes for beginners?");
    await tookTimeToFill(page);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Send message" })).toBeFocused();
    await page.keyboard.press("Enter");

    const success = page.getByTestId("form-success");
    await expect(success).toBeVisible();
    await expect(success).toBeFocused();
    const reference = (await success.locator("span").last().textContent()) ?? "";
    expect(reference).toMatch(/^C-[0-9A-Z]{10}$/);
    await expectNoAxeViolations(page, "the contact form's success state");

    const listed = submissionsCli("list", "--form", "contact");
    expect(listed).toContain(reference);
    expect(listed).toContain("Keyboard Kim  kim@example.com  membership");
  });

  test("sent empty, every error is shown, tied to its field, and focus goes to the first", async ({ page }) => {
    await gotoReady(page, "/contact/");
    await page.getByRole("button", { name: "Send message" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There are 4 problems" });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole("link")).toHaveText([
      "Enter your name",
      "Enter your email address",
      "Choose what your message is about",
      "Enter your message",
    ]);
    const name = page.getByLabel(label("Your name"));
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription(/Enter your name/);
    await expect(page.getByLabel(label("Message"))).toHaveAccessibleDescription(/Enter your message/);
    await expect(page.getByLabel(label("Phone"))).not.toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, "the contact form's error state");
    // Following a summary link moves to its field.
    await summary.getByRole("link", { name: "Enter your message" }).click();
    await expect(page.getByLabel(label("Message"))).toBeFocused();
  });

  test("?interest= preselects the topic (the old store pages link here)", async ({ page }) => {
    await gotoReady(page, "/contact/?interest=membership");
    await expect(page.getByLabel(label("What is your message about?"))).toHaveValue("membership");
  });

  test("?interest= is chosen before the page's scripts arrive, and what a visitor does then is kept", async ({ page }) => {
    await page.clock.install({ time: BUILD_INSTANT });
    const release = await holdScripts(page);
    await page.goto("/contact/?interest=membership", { waitUntil: "domcontentloaded" });
    const topic = page.getByLabel(label("What is your message about?"));
    await expect(topic).toHaveValue("membership");
    // The visitor changes the topic and starts typing before the page is live.
    await topic.selectOption("kids");
    await page.getByLabel(label("Your name")).fill("Early Eve");
    // Send works before the scripts do: it posts the form the browser's way (noScript.spec.ts), never a
    // GET that would put what was typed into the address.
    await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
    await expect(page.locator("form[action='/api/contact']")).toHaveAttribute("method", "post");
    release();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(topic).toHaveValue("kids");
    await expect(page.getByLabel(label("Your name"))).toHaveValue("Early Eve");
    // What is sent is what the page shows: the state holds the choices made before it went live.
    await page.getByLabel(label("Email")).fill("eve@example.com");
    await page.getByLabel(label("Message")).fill("Is there a class for my son after school?");
    await tookTimeToFill(page);
    const sent = page.waitForRequest("**/api/contact");
    await page.getByRole("button", { name: "Send message" }).click();
    expect((await sent).postDataJSON()).toMatchObject({ name: "Early Eve", interest: "kids" });
    await expect(page.getByTestId("form-success")).toBeVisible();
  });

  test("sent within 3 s of appearing (a phone's autofill): asked to press again, what was typed kept, nothing filed", async ({ page }) => {
    await openForm(page, "/contact/");
    // The page's clock stands still from here: the send is as quick as autofill, however slow this machine.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
    const email = uniqueEmail("quick-");
    await page.getByLabel(label("Your name")).fill("Quick Quinn");
    await page.getByLabel(label("Email")).fill(email);
    await page.getByLabel(label("What is your message about?")).selectOption("membership");
    await page.getByLabel(label("Message")).fill("Filled in by my phone.");
    await page.getByRole("button", { name: "Send message" }).click();
    const failure = page.getByTestId("form-failure");
    await expect(failure).toContainText("That was quicker than we expected. Please check your details and press the button again.");
    await expect(failure).toBeFocused();
    await expect(page.getByLabel(label("Your name"))).toHaveValue("Quick Quinn");
    await expect(page.getByLabel(label("Email"))).toHaveValue(email);
    await expect(page.getByLabel(label("What is your message about?"))).toHaveValue("membership");
    await expect(page.getByLabel(label("Message"))).toHaveValue("Filled in by my phone.");
    // Nothing was filed, not even as spam where nobody looks.
    expect(storedAs(email)).toEqual([]);
    // The clock runs again (axe needs its timers).
    await page.clock.resume();
    await expectNoAxeViolations(page, "the contact form asking to press again");

    // Pressed again a moment later: sent, once, and in the staff's list, not held as spam.
    await tookTimeToFill(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByTestId("form-success")).toBeVisible();
    expect(storedAs(email)).toEqual([expect.stringMatching(/ contact {2}Quick Quinn {2}\S+@example\.com {2}membership$/)]);
  });

  test("without JavaScript nothing measures the time: a send at once is stored for staff, never filed as spam", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: BUILD_DAY_SITE.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/contact/");
      const email = uniqueEmail("noscript-quick-");
      await page.getByLabel(label("Your name")).fill("Quick Quinn");
      await page.getByLabel(label("Email")).fill(email);
      await page.getByLabel(label("What is your message about?")).selectOption("membership");
      await page.getByLabel(label("Message")).fill("Sent at once.");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByTestId("form-success")).toBeVisible();
      expect(storedAs(email)).toEqual([expect.stringMatching(/ contact {2}Quick Quinn {2}\S+@example\.com {2}membership$/)]);
    } finally {
      await context.close();
    }
  });

  test("a double click on Send sends the message once", async ({ page }) => {
    await openForm(page, "/contact/");
    await page.getByLabel(label("Your name")).fill("Double Dee");
    await page.getByLabel(label("Email")).fill("dee@example.com");
    await page.getByLabel(label("What is your message about?")).selectOption("general");
    await page.getByLabel(label("Message")).fill("Clicked twice, out of habit.");
    await tookTimeToFill(page);
    let posts = 0;
    await page.route("**/api/contact", async (route) => {
      posts += 1;
      await route.continue();
    });
    await page.getByRole("button", { name: "Send message" }).dblclick();
    await expect(page.getByTestId("form-success")).toBeVisible();
    expect(posts).toBe(1);
  });

  test("a failing network keeps every value and offers to try again", async ({ page }) => {
    await openForm(page, "/contact/");
    await page.getByLabel(label("Your name")).fill("Offline Olga");
    await page.getByLabel(label("Email")).fill("olga@example.com");
    await page.getByLabel(label("What is your message about?")).selectOption("kids");
    await page.getByLabel(label("Message")).fill("Sent from the parking lot with one bar of signal.");
    await page.route("**/api/contact", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Send message" }).click();
    const failure = page.getByTestId("form-failure");
    await expect(failure).toContainText("the connection to our website failed");
    await expect(failure).toBeFocused();
    await expect(page.getByLabel(label("Your name"))).toHaveValue("Offline Olga");
    await expect(page.getByLabel(label("Message"))).toHaveValue("Sent from the parking lot with one bar of signal.");
    await expectNoAxeViolations(page, "the contact form's failure state");

    await page.unroute("**/api/contact");
    await tookTimeToFill(page);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByTestId("form-success")).toBeVisible();
  });

  test("a server failure says so and keeps the values; the button is disabled while sending", async ({ page }) => {
    await gotoReady(page, "/contact/");
    await page.getByLabel(label("Your name")).fill("Patient Pat");
    await page.getByLabel(label("Email")).fill("pat@example.com");
    await page.getByLabel(label("What is your message about?")).selectOption("general");
    await page.getByLabel(label("Message")).fill("Hello");
    // The answer waits until the test has seen the sending state; the handler may start after the
    // click returns, so the test waits for the request to be held before letting it go.
    let release: () => void = () => undefined;
    let heldNow: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (heldNow = resolve));
    await page.route("**/api/contact", async (route) => {
      const answer = new Promise<void>((resolve) => (release = resolve));
      heldNow();
      await answer;
      await route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "down" }) });
    });
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("button", { name: "Sending…" })).toBeDisabled();
    await held;
    release();
    await expect(page.getByTestId("form-failure")).toContainText("our website had a problem");
    await expect(page.getByLabel(label("Your name"))).toHaveValue("Patient Pat");
    await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
  });
});

test.describe("sign-up form", () => {
  test("a new member signs up with the plan chosen on the rates page", async ({ page }) => {
    // The clock stays installed across the client-side navigation to the form.
    await openForm(page, "/rates/");
    await page.locator('[data-plan="three-per-week"]').getByRole("link").click();
    await expect(page).toHaveURL(/\/membership\/signup\/\?plan=three-per-week$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // The select itself, looked for until the sign-up page has replaced the rates page (html[data-hydrated]
    // stays from the first page, and a label read mid-navigation may find a plan that is not a field).
    await expect(page.getByRole("combobox", { name: label("Plan") })).toHaveValue("three-per-week");

    const start = addDays(BUILD_DAY, 3);
    await page.getByLabel(label("Start date")).fill(start);
    await page.getByLabel(label("Member's first name")).fill("Sam");
    await page.getByLabel(label("Member's last name")).fill("Lee");
    await page.getByLabel(label("Member's date of birth")).fill("1991-04-12");
    await expect(page.getByLabel(label("Parent or guardian's name"))).toHaveCount(0);
    await page.getByLabel(label("Email")).fill("sam.lee@example.com");
    await page.getByLabel(label("Phone")).fill("253-555-0142");
    await page.getByLabel(label("Emergency contact's name")).fill("Kim Lee");
    await page.getByLabel(label("Emergency contact's phone")).fill("253-555-0143");
    await expect(page.getByRole("region", { name: "Waiver" })).toContainText("risk of injury");
    await page.getByLabel(label("I have read the waiver and accept it")).check();
    await tookTimeToFill(page);
    await page.getByRole("button", { name: "Sign up" }).click();
    const success = page.getByTestId("form-success");
    await expect(success).toContainText("Welcome to the gym!");
    const reference = (await success.locator("span").last().textContent()) ?? "";
    expect(reference).toMatch(/^S-/);
    await expectNoAxeViolations(page, "the sign-up form's success state");
    expect(submissionsCli("list", "--form", "signup")).toContain(`${reference}`);
    const exported = JSON.parse(submissionsCli("export", "--format", "json", "--form", "signup")) as Array<Record<string, string>>;
    expect(exported.find((row) => row.reference === reference)).toMatchObject({
      plan: "three-per-week",
      startDate: start,
      phone: "+12535550142",
    });
  });

  test("a child's sign-up asks for a guardian and checks the kids' ages", async ({ page }) => {
    await openForm(page, "/membership/signup/?plan=kids");
    await expect(page.getByLabel(label("Plan"))).toHaveValue("kids");
    await expect(page.getByText("CrossFit Kids is for ages 6 to 12 on the start date.")).toBeVisible();
    await page.getByLabel(label("Start date")).fill(BUILD_DAY);
    await page.getByLabel(label("Member's date of birth")).fill(addDays(BUILD_DAY, -366 * 4));
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText(/CrossFit Kids is for ages 6 to 12: this member would be 4 on the start date/).first()).toBeVisible();
    await expect(page.getByLabel(label("Parent or guardian's name"))).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(label("I have read the waiver and accept it"))).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, "the sign-up form's error state");
  });
});

test.describe("hold and cancel form", () => {
  test("a hold shows its earliest dates and the resume date before sending", async ({ page }) => {
    await openForm(page, "/membership/membershipHold/");
    await page.getByLabel(label("Put my membership on hold")).check();
    const start = page.getByLabel(label("First day of the hold"));
    const earliest = addDays(BUILD_DAY, 7);
    await expect(start).toHaveAttribute("min", earliest);
    await start.fill(addDays(earliest, 1));
    await page.getByLabel(label("Last day of the hold")).fill(addDays(earliest, 14));
    await expect(page.getByText(/Your hold lasts 14 days\..*resumes on/)).toBeVisible();
    await page.getByLabel(label("Member's name")).fill("Jo Traveler");
    await page.getByLabel(label("Email")).fill("jo@example.com");
    await page.getByLabel(label("Reason")).fill("Three weeks abroad");
    await page.getByLabel(label("I have read the hold and cancellation policy")).check();
    await tookTimeToFill(page);
    await page.getByRole("button", { name: "Request hold" }).click();
    await expect(page.getByTestId("form-success")).toContainText("Your hold request is in");
    await expectNoAxeViolations(page, "the hold form's success state");
  });

  test("a cancellation too soon is refused with the earliest date; the last billing date is shown", async ({ page }) => {
    await openForm(page, "/membership/membershipHold/");
    await page.getByLabel(label("Cancel my membership")).check();
    const earliest = addDays(BUILD_DAY, 30);
    await page.getByLabel(label("Last day of membership")).fill(addDays(BUILD_DAY, 10));
    await page.getByLabel(label("Member's name")).fill("Jo");
    await page.getByLabel(label("Email")).fill("jo@example.com");
    await page.getByLabel(label("Reason")).fill("Moving");
    await page.getByLabel(label("I have read the hold and cancellation policy")).check();
    await page.getByRole("button", { name: "Send cancellation notice" }).click();
    await expect(page.getByRole("alert")).toContainText(`Cancellations need 30 days notice: choose ${earliest} or later`);
    await expect(page.getByLabel(label("Last day of membership"))).toBeFocused();
    await expectNoAxeViolations(page, "the hold form's error state");
    await page.getByLabel(label("Last day of membership")).fill(earliest);
    await expect(page.getByText(/billed through that date \(your last billing date\)/)).toBeVisible();
  });

  test("sent empty, the form asks what to do first", async ({ page }) => {
    await gotoReady(page, "/membership/membershipHold/");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByRole("alert")).toContainText("Choose a hold or a cancellation");
    await expect(page.getByLabel(label("Put my membership on hold"))).toBeFocused();
  });
});

test.describe("every form", () => {
  const FORM_PAGES = ["/contact/", "/membership/signup/", "/membership/membershipHold/", "/intro/", "/drop-in/", "/privacy/request/"];
  const SIZES = [
    { width: 320, height: 568 },
    { width: 375, height: 667 },
    { width: 1280, height: 800 },
    { width: 1440, height: 600 },
  ];

  /**
   * Where a failed send left the visitor: is the focused control wholly on the screen (below the sticky
   * header, above the phone's fixed intro bar), is its question's label or legend, and which links of
   * the list of problems straddle the header's edge.
   */
  function whatIsSeen(page: Page) {
    return page.evaluate(() => {
      const headerBottom = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
      const screenEnd = innerHeight - (parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0);
      const field = document.activeElement;
      // A group that takes focus itself is seen by its legend; it may be taller than the screen.
      const control = field?.matches("fieldset") ? field.querySelector("legend") : field;
      // What the visitor reads to know what the field asks: a group's legend, or the field's label.
      const question = field?.matches("fieldset, [type=radio]")
        ? field.closest("fieldset")?.querySelector("legend")
        : (field as HTMLInputElement | null)?.labels?.[0];
      const box = (element: Element | null | undefined) => element?.getBoundingClientRect();
      const controlBox = box(control);
      const questionBox = box(question);
      const halfHidden = [...document.querySelectorAll("main form [role=alert] a")]
        .filter((link) => {
          const linkBox = link.getBoundingClientRect();
          return linkBox.top < headerBottom && linkBox.bottom > headerBottom;
        })
        .map((link) => link.textContent);
      return {
        controlWhollyInView: controlBox !== undefined && controlBox.top >= headerBottom && controlBox.bottom <= screenEnd,
        questionInView: questionBox !== undefined && questionBox.top >= headerBottom && questionBox.top < screenEnd,
        halfHidden,
      };
    });
  }
  const SEEN_WELL = { controlWhollyInView: true, questionInView: true, halfHidden: [] };

  test("sent empty at any size, the first question with a problem is in view and no link of the list lies half under the header", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const path of FORM_PAGES) {
        await gotoReady(page, path);
        await page.locator("main form button[type=submit]").click();
        await expect(page.locator("main form [role=alert]").first()).toBeAttached();
        expect.soft(await whatIsSeen(page), `${path} at ${size.width}x${size.height}`).toEqual(SEEN_WELL);
      }
    }
  });

  test("at 390 px, each problem in the list has its bullet on its first line, wrapped or not", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    let wrapped = 0;
    for (const path of FORM_PAGES) {
      await gotoReady(page, path);
      await page.locator("main form button[type=submit]").click();
      const items = page.locator("main form [role=alert] li");
      await expect(items.first()).toBeVisible();
      for (const item of await items.all()) {
        const { shown, lines } = await markerBesideFirstLine(item, "outside");
        if (lines > 1) wrapped++;
        expect.soft(shown, `${path}: the bullet of "${await item.innerText()}" beside its first line`).toBe(true);
      }
    }
    expect(wrapped, "problems whose text wraps, so the check sees where their bullet goes").toBeGreaterThan(0);
  });

  test("on a phone, a question with a problem further down the form is clear of the intro bar", async ({ page }) => {
    // Sizes where, before the intro bar was allowed for, the field ended up under it.
    const cases = [
      { size: { width: 375, height: 560 }, filled: ["Your name"], focused: "Email" },
      { size: { width: 375, height: 740 }, filled: ["Your name", "Email"], focused: "What is your message about?" },
    ];
    for (const { size, filled, focused } of cases) {
      await page.setViewportSize(size);
      await gotoReady(page, "/contact/");
      await expect(page.locator("[data-intro-bar]")).toBeVisible();
      if (filled.includes("Your name")) await page.getByLabel(label("Your name")).fill("Pat");
      if (filled.includes("Email")) await page.getByLabel(label("Email")).fill("pat@example.com");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByLabel(label(focused))).toBeFocused();
      expect.soft(await whatIsSeen(page), `${focused} at ${size.width}x${size.height}`).toEqual(SEEN_WELL);
    }
  });
});
