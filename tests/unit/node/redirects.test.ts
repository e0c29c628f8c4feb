import vm from "node:vm";
import { redirectPage, redirectScript } from "../../../src/node/redirects";

describe("static redirect page", () => {
  function runScript(to: string, href: string): string {
    let replaced = "";
    const location = new URL(href) as URL & { replace?: (url: string) => void };
    const context = {
      URL,
      URLSearchParams,
      location: { href: location.href, search: location.search, hash: location.hash, replace: (url: string) => (replaced = url) },
    };
    vm.runInNewContext(redirectScript(to), context);
    return replaced;
  }

  test("the script lands on the target and keeps the visitor's query and fragment", () => {
    expect(runScript("/schedule/", "https://gym.example/scedule")).toBe("/schedule/");
    expect(runScript("/schedule/", "https://gym.example/scedule/?program=kids#sat")).toBe("/schedule/?program=kids#sat");
    expect(runScript("/contact/?interest=membership", "https://gym.example/retail-store?utm_source=flyer")).toBe(
      "/contact/?interest=membership&utm_source=flyer",
    );
    // The target's own parameter wins over one the visitor brings.
    expect(runScript("/contact/?interest=membership", "https://gym.example/retail-store?interest=kids")).toBe(
      "/contact/?interest=membership",
    );
  });

  test("the page works without scripts and names its canonical target", () => {
    const html = redirectPage({ from: "/retail-store", to: "/contact/?interest=membership" }, "https://gym.example");
    expect(html).toContain('<link rel="canonical" href="https://gym.example/contact/?interest=membership"/>');
    expect(html).toContain('<noscript><meta http-equiv="refresh" content="0; url=/contact/?interest=membership"/></noscript>');
    expect(html).toContain('<a href="/contact/?interest=membership">');
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
  });
});
