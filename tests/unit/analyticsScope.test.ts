import { analyticsAllowed, pageLocation, pageReferrer } from "../../src/analyticsScope";
import { PRIVACY_CONFIRM_PATH } from "../../src/forms/privacyConfirmPath";
import { introCancelPath, INTRO_CANCEL_PATH } from "../../src/intro/cancelPath";
import { staffPaths } from "../../src/desk/paths";

describe("pages without analytics", () => {
  test("every staff screen, the visitor's cancel page and the privacy request's confirmation carry none", () => {
    for (const page of [...Object.values(staffPaths), INTRO_CANCEL_PATH, PRIVACY_CONFIRM_PATH]) {
      expect([page, analyticsAllowed(page)]).toEqual([page, false]);
    }
  });

  test("an address under one of them, or written without its slash, carries none either", () => {
    for (const page of [
      "/staff",
      "/staff/index.html",
      "/staff/not-a-screen/",
      "/intro/cancel",
      "/intro/cancel/index.html",
      "/privacy/confirm",
    ]) {
      expect([page, analyticsAllowed(page)]).toEqual([page, false]);
    }
  });

  test("public pages carry it, those whose names only begin alike included", () => {
    for (const page of ["/", "/about/", "/intro/", "/contact/", "/404.html", "/staffing/", "/intro/cancellation-policy/"]) {
      expect([page, analyticsAllowed(page)]).toEqual([page, true]);
    }
  });
});

describe("the address a page view reports", () => {
  test("never the fragment: a cancel link's token stays in the browser", () => {
    expect(pageLocation(`https://gym.example${introCancelPath("s3cret-token")}`)).toBe("https://gym.example/intro/cancel/");
    expect(pageLocation("https://gym.example/schedule/#tuesday")).toBe("https://gym.example/schedule/");
  });

  test("only the campaign tags of the query, in their order", () => {
    expect(pageLocation("https://gym.example/?utm_source=flyer&email=jane%40example.com&utm_campaign=spring&plan=x")).toBe(
      "https://gym.example/?utm_source=flyer&utm_campaign=spring",
    );
    expect(pageLocation("https://gym.example/contact/?interest=kids")).toBe("https://gym.example/contact/");
    expect(pageLocation("https://gym.example/staff/?q=jane@example.com")).toBe("https://gym.example/staff/");
    // A name that only looks like a campaign tag is not one.
    expect(pageLocation("https://gym.example/?UTM_source=x&xutm_source=y")).toBe("https://gym.example/");
  });

  test("the referrer is an origin and a path, or nothing", () => {
    expect(pageReferrer("https://gym.example/schedule/?program=kids#today")).toBe("https://gym.example/schedule/");
    expect(pageReferrer("https://gym.example/staff/?q=jane@example.com")).toBe("");
    expect(pageReferrer("https://gym.example/intro/cancel/")).toBe("");
    expect(pageReferrer("https://mail.example/inbox?u=jane")).toBe("https://mail.example/inbox");
    expect(pageReferrer("")).toBe("");
    expect(pageReferrer("android-app://com.example")).toBe("");
  });
});
