import { parseArgsProblem } from "../../../scripts/parseArgsProblem";
import { nginxConfig, readArguments } from "../../../scripts/self-host-config";
import { siteUrl } from "../../../src/node/siteUrl";

describe("npm run self-host-config: its command line", () => {
  const problem = (argv: string[]) => {
    try {
      readArguments(argv);
    } catch (error) {
      return parseArgsProblem(error);
    }
    return "none";
  };

  test("defaults, every option, and --help", () => {
    expect(readArguments([])).toEqual({
      serverName: new URL(siteUrl()).hostname,
      upstreams: ["127.0.0.1:9000"],
      listen: "80",
      out: "deploy/nginx.conf",
    });
    expect(
      readArguments(["--server-name", "www.example.com", "--upstream", "127.0.0.1:9100", "--listen=8080", "--out", "/tmp/nginx.conf"]),
    ).toEqual({ serverName: "www.example.com", upstreams: ["127.0.0.1:9100"], listen: "8080", out: "/tmp/nginx.conf" });
    expect(readArguments(["--upstream", "127.0.0.1:9000", "--upstream", "127.0.0.1:9001"])).toMatchObject({
      upstreams: ["127.0.0.1:9000", "127.0.0.1:9001"],
    });
    expect(readArguments(["--listen", "8080", "--help"])).toBe("help");
    expect(readArguments(["-h"])).toBe("help");
  });

  test("an unknown option, a missing value or a stray argument is an error, not ignored", () => {
    expect(problem(["--servername", "www.example.com"])).toBe("Unknown option --servername");
    expect(problem(["--listen"])).toBe("--listen needs a value");
    expect(problem(["--listen", "--upstream", "127.0.0.1:9100"])).toBe("--listen needs a value");
    expect(problem(["--help=yes"])).toBe("--help takes no value");
    expect(problem(["www.example.com"])).toBe('Unexpected argument "www.example.com"');
    expect(() => parseArgsProblem(new Error("disk full"))).toThrow("disk full");
  });
});

describe("npm run self-host-config: the server block", () => {
  test("one server is proxied to directly; several get an upstream block that lists each", () => {
    const one = nginxConfig({ serverName: "www.example.com", listen: "80", upstreams: ["127.0.0.1:9000"] });
    expect(one).toContain("    proxy_pass http://127.0.0.1:9000;\n");
    expect(one).not.toContain("upstream ");
    const two = nginxConfig({ serverName: "www.example.com", listen: "80", upstreams: ["127.0.0.1:9000", "127.0.0.1:9001"] });
    expect(two).toContain("upstream gym_site {\n  server 127.0.0.1:9000;\n  server 127.0.0.1:9001;\n}\n");
    expect(two).toContain("    proxy_pass http://gym_site;\n");
    expect(() => nginxConfig({ serverName: "www.example.com", listen: "80", upstreams: [] })).toThrow(/at least one upstream/);
  });

  test("bodies are limited to a form's 16 KB, but Stripe's webhook takes its own 64 KB, proxied the same way", () => {
    const config = nginxConfig({ serverName: "www.example.com", listen: "80", upstreams: ["127.0.0.1:9000"] });
    expect(config).toContain("  client_max_body_size 16k;\n");
    const webhook = /location = \/api\/stripe \{\n([\s\S]*?)\n {2}\}/.exec(config)?.[1] ?? "";
    expect(webhook).toContain("    client_max_body_size 64k;");
    const site = /location \/ \{\n([\s\S]*?)\n {2}\}/.exec(config)?.[1] ?? "";
    expect(webhook.replace("    client_max_body_size 64k;\n", "")).toBe(site);
  });
});
