import { claimReload, RELOAD_GUARD_KEY, RELOAD_GUARD_MS } from "../../../src/runtime/reloadGuard";

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
