import { readdirSync } from "node:fs";
import { join } from "node:path";
import { apiPath, OTHER_API_NAMES, PROVIDER_API_NAMES } from "../../../src/forms/endpoints";
import { FORMS } from "../../../src/forms/registry";

/** Every endpoint the browser calls (each form's and the others), and the providers' (Twilio's, Stripe's). */
const API_NAMES = [...FORMS, ...OTHER_API_NAMES, ...PROVIDER_API_NAMES];

const functionFiles = readdirSync(join(__dirname, "../../../src/api"))
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.replace(/\.ts$/, ""));

describe("endpoint paths", () => {
  test("every path the browser calls is a function file in src/api/, and every function file has a path", () => {
    expect([...API_NAMES].sort()).toEqual([...functionFiles].sort());
  });

  test("every form the server stores has an endpoint", () => {
    for (const form of FORMS) expect(API_NAMES).toContain(form);
  });

  test("a name is served under /api/", () => {
    expect(apiPath("membership-hold")).toBe("/api/membership-hold");
    expect(apiPath("intro-slots")).toBe("/api/intro-slots");
  });
});
