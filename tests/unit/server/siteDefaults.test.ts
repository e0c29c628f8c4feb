import fs from "node:fs";
import { defaultMailFrom, readConfig } from "../../../src/server/config";
import { siteDomain } from "../../../src/server/process/settings";

const contentUrl = (JSON.parse(fs.readFileSync("content/site.json", "utf8")) as { url: string }).url;
const contentHost = new URL(contentUrl).hostname;

describe("addresses the server takes from content/site.json", () => {
  test("without MAIL_FROM, staff e-mails come from no-reply at the site's domain", () => {
    expect(readConfig({} as NodeJS.ProcessEnv).mailFrom).toBe(`Website forms <no-reply@${contentHost.replace(/^www\./, "")}>`);
    expect(readConfig({} as NodeJS.ProcessEnv, "https://www.another-gym.example").mailFrom).toBe(
      "Website forms <no-reply@another-gym.example>",
    );
    expect(defaultMailFrom("https://box.gym.example/")).toBe("Website forms <no-reply@box.gym.example>");
  });

  test("MAIL_FROM still wins", () => {
    expect(readConfig({ MAIL_FROM: "Front desk <desk@gym.example>" } as NodeJS.ProcessEnv).mailFrom).toBe("Front desk <desk@gym.example>");
  });

  test("the Message-ID and UID domain is SITE_URL's host, else the content's", () => {
    expect(siteDomain("https://staging.gym.example")).toBe("staging.gym.example");
    expect(siteDomain(undefined)).toBe(contentHost);
    expect(siteDomain("not a url")).toBe(contentHost);
  });
});
