import { expect, test } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { DEVICE_COOKIE } from "../../src/server/staff/auth";
import { LINK_LIMITS } from "../../src/server/staff/routes/signIn";
import { postJsonFrom } from "../support/fromAddress";
import { freePort, startProductionServer, type RunningServer } from "../support/servers";
import { mimePart, startTestSmtp, type TestSmtp } from "../support/smtp";
import { signInContext, signInLink, withStore } from "../support/staff";
import { contactSubmission } from "../support/submissions";
import { expectNoAxeViolations } from "./support/axe";
import { expectScreenSound } from "./support/staff";

test("signed out, every console page asks for an e-mail address; the page is never indexed", async ({ page }) => {
  for (const path of ["/staff/", "/staff/intros/", "/staff/accounts/"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Staff sign-in" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  }
  await expectScreenSound(page, "sign-in form");
  await page.getByLabel("E-mail address").fill("nobody@gym.example");
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If that address belongs" })).toBeVisible();
  await expectScreenSound(page, "sign-in form, link asked for");
});

test("a broken link says so and offers a new one", async ({ page }) => {
  await page.goto("/staff/sign-in/#token=abc");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText(/not valid\. Ask for a new one below/);
  await expect(page.getByLabel("E-mail address")).toBeVisible();
  await expectScreenSound(page, "refused link");
});

test("a link whose page to go on to leads off the console signs in all the same, and lands on the inbox", async ({ page }) => {
  const coach = "coach-next@gym.example";
  for (const next of ["https://attacker.example/", "//attacker.example/staff/", "/contact/"]) {
    const token = await withStore(E2E_DATA_DIR, async (store) => {
      await store.addStaff(coach, "coach", new Date());
      return signInLink(store, coach, new Date());
    });
    await page.goto(`/staff/sign-in/?next=${encodeURIComponent(next)}#token=${token ?? ""}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname, next).toBe("/staff/");
    await page.context().clearCookies();
  }
});

test("the owner adds and removes a coach on the Accounts screen, by keyboard", async ({ page, context, baseURL }) => {
  await signInContext(context, baseURL ?? "", E2E_DATA_DIR, "owner-accounts@gym.example", "owner");
  await page.goto("/staff/accounts/");
  await expect(page.getByRole("heading", { name: "Accounts" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Accounts" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByLabel("E-mail address").focus();
  await page.keyboard.type("new-coach@gym.example");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText(/Added new-coach@gym.example as coach/);
  await expect(page.getByRole("button", { name: "Remove new-coach@gym.example" })).toBeVisible();
  await expectScreenSound(page, "accounts");
  await page.getByRole("button", { name: "Remove new-coach@gym.example" }).click();
  await expect(page.getByRole("status")).toHaveText(/Removed new-coach@gym.example/);
  await withStore(E2E_DATA_DIR, async (store) => expect(await store.staffAccount("new-coach@gym.example")).toBeUndefined());
  // Both changes are in the owner's recent activity, by who made them.
  await page.reload();
  const activity = page.getByRole("listitem").filter({ hasText: "owner-accounts@gym.example" });
  // In words, not the log's codes (staff.remove, staff.add).
  await expect(activity.filter({ hasText: "removed the console access of new-coach@gym.example" })).toHaveCount(1);
  await expect(activity.filter({ hasText: "gave console access to new-coach@gym.example" })).toHaveCount(1);
});

test("a coach sees no owner's screens in the menu, and an owner's page tells them so", async ({ page, context, baseURL }) => {
  await signInContext(context, baseURL ?? "", E2E_DATA_DIR, "coach-menu@gym.example", "coach");
  await page.goto("/staff/accounts/");
  await expect(page.getByText("Only the gym's owner can use this screen.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Accounts" })).toHaveCount(0);
});

test.describe("sign-in by the e-mailed link, in the browser", () => {
  let smtp: TestSmtp;
  let server: RunningServer;
  test.beforeAll(async () => {
    smtp = await startTestSmtp();
    const port = await freePort();
    server = await startProductionServer({
      port,
      env: { SMTP_URL: smtp.url, STAFF_EMAIL: "coaches@gym.example", SITE_URL: `http://localhost:${port}`, HOST: "localhost" },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  test("the link opens a page whose button signs in and returns to the page that asked; sign out ends it", async ({ page }) => {
    const site = server.url.replace("127.0.0.1", "localhost");
    await withStore(server.dataDir, (store) => store.addStaff("owner@gym.example", "owner", new Date()));
    await page.goto(`${site}/staff/accounts/`);
    await page.getByLabel("E-mail address").fill("owner@gym.example");
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "If that address belongs" })).toBeVisible();
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    const link = /(http\S+#token=[A-Za-z0-9_-]{43})/.exec(mimePart(smtp.received[0]?.raw ?? "", "text/plain") ?? "")?.[1] ?? "";
    expect(link.startsWith(`${site}/staff/sign-in/?next=%2Fstaff%2Faccounts%2F#token=`)).toBe(true);

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Sign in to the staff console" })).toBeVisible();
    await expectScreenSound(page, "sign-in link page");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${site}/staff/accounts/`);
    await expect(page.getByRole("heading", { name: "Accounts" })).toBeVisible();
    await expect(page.getByText("owner@gym.example (owner)")).toBeVisible();

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Staff sign-in" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Staff sign-in" })).toBeVisible();
  });

  /** The newest mail to `to`: its link and its code. */
  const mailTo = (to: string) => {
    const text = mimePart([...smtp.received].reverse().find((m) => m.to.includes(to))?.raw ?? "", "text/plain") ?? "";
    return {
      link: /(http\S+#token=[A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "",
      code: /enter this code[^:]*:\s+([0-9]{6})\s/.exec(text)?.[1] ?? "",
    };
  };
  const PHONE = { width: 390, height: 844 };

  test("on a phone, the link opened in the mail app's own browser signs that browser in, on the page the owner was going to", async ({
    browser,
  }) => {
    const site = server.url.replace("127.0.0.1", "localhost");
    const owner = "owner-phone-link@gym.example";
    await withStore(server.dataDir, async (store) => {
      await store.addStaff(owner, "owner", new Date());
      await store.insert(contactSubmission("C-0000005501", { notify: false }));
    });
    const phone = await browser.newContext({ viewport: PHONE });
    const mailApp = await browser.newContext({ viewport: PHONE });
    try {
      // The alert's link to a lead, tapped in the phone's browser, signed out.
      const page = await phone.newPage();
      await page.goto(`${site}/staff/lead/?id=C-0000005501`);
      await page.getByLabel("E-mail address").fill(owner);
      await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
      await expect(page.getByLabel("Code from the e-mail")).toBeVisible();
      await expect.poll(() => mailTo(owner).link, { timeout: 10_000 }).not.toBe("");

      // The mail app opens the link in a browser of its own.
      const inApp = await mailApp.newPage();
      await inApp.goto(mailTo(owner).link);
      await inApp.getByRole("button", { name: "Sign in" }).click();
      await expect(inApp).toHaveURL(`${site}/staff/lead/?id=C-0000005501`);
      await expect(inApp.getByText(`${owner} (owner)`)).toBeAttached();
      await expect(inApp.getByText("Ana Ruiz").first()).toBeVisible();
      // That browser is signed in and remembered; the one that asked is not signed in.
      expect((await mailApp.cookies(site)).map((c) => c.name).sort()).toEqual(["__Host-staff", DEVICE_COOKIE]);
      expect((await phone.request.get(`${site}/api/staff/session`)).status()).toBe(401);
    } finally {
      await phone.close();
      await mailApp.close();
    }
  });

  test("on a phone, the code typed on the asking page signs that browser in where it was going; wrong codes count down; another browser's code does nothing", async ({
    browser,
  }) => {
    const site = server.url.replace("127.0.0.1", "localhost");
    const owner = "owner-phone-code@gym.example";
    await withStore(server.dataDir, async (store) => {
      await store.addStaff(owner, "owner", new Date());
      await store.insert(contactSubmission("C-0000005502", { notify: false }));
    });
    const mails = () => smtp.received.filter((m) => m.to.includes(owner)).length;
    const phone = await browser.newContext({ viewport: PHONE });
    const other = await browser.newContext({ viewport: PHONE });
    try {
      const page = await phone.newPage();
      const ask = async (on: typeof page) => {
        const before = mails();
        await on.getByLabel("E-mail address").fill(owner);
        await on.getByRole("button", { name: "E-mail me a sign-in link" }).click();
        await expect(on.getByRole("status").filter({ hasText: "If that address belongs" })).toBeVisible();
        await expect.poll(mails, { timeout: 10_000 }).toBe(before + 1);
        return mailTo(owner).code;
      };
      const enter = async (on: typeof page, code: string) => {
        await on.getByLabel("Code from the e-mail").fill(code);
        await on.getByRole("button", { name: "Sign in with this code" }).click();
      };
      await page.goto(`${site}/staff/lead/?id=C-0000005502`);
      const first = await ask(page);
      expect(first).toMatch(/^[0-9]{6}$/);
      const field = page.getByLabel("Code from the e-mail");
      await expect(field).toHaveAttribute("autocomplete", "one-time-code");
      await expect(field).toHaveAttribute("inputmode", "numeric");
      await expectScreenSound(page, "sign-in form, code asked for", [320, 390, 1440]);
      await page.setViewportSize(PHONE);

      // Wrong codes count down, then the request is spent: even its right code needs a new one.
      const wrong = (n: number) => String((Number(first) + n) % 1_000_000).padStart(6, "0");
      for (let left = 4; left >= 1; left--) {
        await enter(page, wrong(left));
        await expect(page.getByRole("alert")).toHaveText(`That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`);
      }
      await enter(page, wrong(9));
      await expect(page.getByRole("alert")).toHaveText("That code is not right, and that was the last try. Ask for a new code below.");
      await enter(page, first);
      await expect(page.getByRole("alert")).toHaveText("Too many wrong codes. Ask for a new code below.");

      // A new request; the phone's browser leaves for the mail app and comes back to a reloaded page, which still takes the code.
      const second = await ask(page);
      await page.reload();
      await expect(page.getByLabel("Code from the e-mail")).toBeVisible();

      // Another browser asks too: the phone's code does nothing there, and its own does nothing on the phone.
      const elsewhere = await other.newPage();
      await elsewhere.goto(`${site}/staff/`);
      const third = await ask(elsewhere);
      if (third !== second) {
        await enter(elsewhere, second);
        await expect(elsewhere.getByRole("alert")).toHaveText("That code is not right. 4 tries left.");
        await enter(page, third);
        await expect(page.getByRole("alert")).toHaveText("That code is not right. 4 tries left.");
      }
      expect((await other.request.get(`${site}/api/staff/session`)).status()).toBe(401);

      // The phone's own code signs the phone in, on the lead it was going to, and remembers it.
      await enter(page, second);
      await expect(page).toHaveURL(`${site}/staff/lead/?id=C-0000005502`);
      await expect(page.getByText(`${owner} (owner)`)).toBeAttached();
      await expect(page.getByText("Ana Ruiz").first()).toBeVisible();
      expect((await phone.cookies(site)).map((c) => c.name).sort()).toEqual(["__Host-staff", DEVICE_COOKIE]);
      expect((await other.request.get(`${site}/api/staff/session`)).status()).toBe(401);
    } finally {
      await phone.close();
      await other.close();
    }
  });

  test("the browser signed in on is remembered: its links come whatever strangers asked for, and a link opened from a mail site signs in", async ({
    page,
    context,
  }) => {
    const site = server.url.replace("127.0.0.1", "localhost");
    const owner = "owner-device@gym.example";
    await withStore(server.dataDir, (store) => store.addStaff(owner, "owner", new Date()));
    const mailsTo = () => smtp.received.filter((m) => m.to.includes(owner));
    const linkIn = (n: number) =>
      /(http\S+#token=[A-Za-z0-9_-]{43})/.exec(mimePart(mailsTo()[n]?.raw ?? "", "text/plain") ?? "")?.[1] ?? "";
    const askOnPage = async (count: number) => {
      await page.getByLabel("E-mail address").fill(owner);
      await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
      await expect(page.getByRole("status").filter({ hasText: "If that address belongs" })).toBeVisible();
      await expect.poll(() => mailsTo().length, { timeout: 10_000 }).toBe(count);
    };
    // A mail site on another site: its link to the sign-in page is a cross-site navigation, as from webmail.
    await page.route("http://mail.example/", (route) =>
      route.fulfill({ contentType: "text/html", body: `<a href="${linkIn(mailsTo().length - 1)}">Sign in</a>` }),
    );
    const signInFromMail = async () => {
      await page.goto("http://mail.example/");
      await page.getByRole("link", { name: "Sign in" }).click();
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByText(`${owner} (owner)`)).toBeVisible();
    };
    const deviceCookie = async () => (await context.cookies(site)).find((cookie) => cookie.name === DEVICE_COOKIE);

    await page.goto(`${site}/staff/`);
    await askOnPage(1);
    await signInFromMail();
    const device = await deviceCookie();
    expect(device).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/" });
    expect(device?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 360 * 86_400);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();

    // Strangers fill the address's cap from connections of their own: past it, nothing more goes to it.
    for (let c = 1; c <= 4; c++) {
      for (let i = 0; i < LINK_LIMITS.perAddressAndClient; i++)
        await postJsonFrom(`127.0.4.${c}`, `${server.url}/api/staff/sign-in`, { email: owner });
    }
    await expect.poll(() => mailsTo().length, { timeout: 20_000 }).toBe(LINK_LIMITS.perAddress);
    // This browser still gets its link, and opened from the mail site it signs in: the page's own POSTs
    // carry the SameSite=Strict cookie, which is renewed, not replaced.
    await askOnPage(LINK_LIMITS.perAddress + 1);
    await signInFromMail();
    expect((await deviceCookie())?.value).toBe(device?.value);
  });
});

test("signing out everywhere asks first; Cancel keeps every session, confirming ends them all", async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  const email = "coach-everywhere@gym.example";
  await signInContext(context, baseURL ?? "", E2E_DATA_DIR, email, "coach");
  // The same person signed in on another device.
  const phone = await browser.newContext({ baseURL });
  await signInContext(phone, baseURL ?? "", E2E_DATA_DIR, email, "coach");
  await page.goto("/staff/");
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Sign out everywhere…" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign out on every device?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  // The page behind a modal dialog lies under it by design, so the dialog is checked to fit the screen instead.
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, `the dialog fits at ${width}px`).toBe(true);
    await expectNoAxeViolations(page, `sign out everywhere, asked, at ${width}px`);
  }
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Sign out everywhere…" }).click();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  for (const device of [context, phone]) expect((await device.request.get("/api/staff/session")).status()).toBe(200);

  await page.getByRole("button", { name: "Sign out everywhere…" }).click();
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByRole("heading", { name: "Staff sign-in" })).toBeVisible();
  for (const device of [context, phone]) expect((await device.request.get("/api/staff/session")).status()).toBe(401);
  await phone.close();
});
