import { parseArgsProblem } from "../../scripts/parseArgsProblem";
import { readArguments } from "../../scripts/self-host-config";
import { siteUrl } from "../../src/node/siteUrl";

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
      upstream: "127.0.0.1:9000",
      listen: "80",
      out: "deploy/nginx.conf",
    });
    expect(
      readArguments(["--server-name", "www.example.com", "--upstream", "127.0.0.1:9100", "--listen=8080", "--out", "/tmp/nginx.conf"]),
    ).toEqual({ serverName: "www.example.com", upstream: "127.0.0.1:9100", listen: "8080", out: "/tmp/nginx.conf" });
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
