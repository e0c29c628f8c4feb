import { deployedHash } from "../../../src/runtime/buildCheck";

describe("deployed build check", () => {
  test("reads the hash without any cache, and ignores failures", async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    const ok = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify({ webpackCompilationHash: "abc123" }), { status: 200 });
    }) as typeof fetch;
    expect(await deployedHash(ok, 42)).toBe("abc123");
    expect(calls).toEqual([["/page-data/app-data.json?t=42", { cache: "no-store" }]]);

    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const down = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await deployedHash(down, 1)).toBeNull();
    const missing = (async () => new Response("nope", { status: 404 })) as typeof fetch;
    expect(await deployedHash(missing, 1)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
