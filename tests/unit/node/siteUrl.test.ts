import fs from "node:fs";
import { siteUrl } from "../../../src/node/siteUrl";

const contentUrl = (JSON.parse(fs.readFileSync("content/site.json", "utf8")) as { url: string }).url;

describe("siteUrl", () => {
  const saved = process.env.SITE_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = saved;
    jest.restoreAllMocks();
  });

  test("SITE_URL wins, without its trailing slash", () => {
    process.env.SITE_URL = "https://staging.gym.example/";
    expect(siteUrl()).toBe("https://staging.gym.example");
  });

  test("otherwise the url in content/site.json", () => {
    delete process.env.SITE_URL;
    expect(siteUrl()).toBe(contentUrl.replace(/\/+$/, ""));
  });

  test("a site.json without a url fails with the file and field, instead of guessing an address", () => {
    delete process.env.SITE_URL;
    jest.spyOn(fs, "readFileSync").mockReturnValue('{ "name": "The gym" }');
    expect(() => siteUrl()).toThrow("content/site.json: url: is required");
  });
});
