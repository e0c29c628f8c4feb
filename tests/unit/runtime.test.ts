import { deployedHash } from "../../src/runtime/buildCheck";
import { isChunkLoadFailure } from "../../src/runtime/chunkErrors";
import { claimReload, RELOAD_GUARD_KEY, RELOAD_GUARD_MS } from "../../src/runtime/reloadGuard";

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
}

describe("reload guard", () => {
  test("allows one recovery reload, then none for ten seconds, then one again", () => {
    const storage = memoryStorage();
    let now = 1_700_000_000_000;
    expect(claimReload(storage, now)).toBe(true);
    expect(storage.data.get(RELOAD_GUARD_KEY)).toBe(String(now));
    now += 1;
    expect(claimReload(storage, now)).toBe(false);
    now += RELOAD_GUARD_MS - 2;
    expect(claimReload(storage, now)).toBe(false);
    now += 1; // exactly ten seconds after the first
    expect(claimReload(storage, now)).toBe(true);
    expect(claimReload(storage, now + 5_000)).toBe(false);
  });

  test("a clock that went backwards does not block reloads forever", () => {
    const storage = memoryStorage();
    storage.setItem(RELOAD_GUARD_KEY, String(2_000_000));
    expect(claimReload(storage, 1_000_000)).toBe(true);
  });

  test("without storage (blocked by the browser) it still allows the reload", () => {
    expect(claimReload(null, 1)).toBe(true);
    const throwing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => undefined,
    };
    expect(claimReload(throwing, 1)).toBe(true);
  });
});

test("recognizes failed code downloads, and nothing else", () => {
  expect(isChunkLoadFailure(Object.assign(new Error("Loading chunk 123 failed."), { name: "ChunkLoadError" }))).toBe(true);
  expect(isChunkLoadFailure(new Error("Loading CSS chunk styles failed"))).toBe(true);
  expect(isChunkLoadFailure(new TypeError("Failed to fetch dynamically imported module: /x.js"))).toBe(true);
  expect(isChunkLoadFailure(new Error("page resources for /about/ not found. Not rendering React"))).toBe(true);
  expect(isChunkLoadFailure(new TypeError("Cannot read properties of undefined"))).toBe(false);
  expect(isChunkLoadFailure(undefined)).toBe(false);
});

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
