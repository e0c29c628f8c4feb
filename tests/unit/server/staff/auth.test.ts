import {
  addressKey,
  allows,
  checkStaffOrigin,
  clearedSessionCookie,
  clearedSignInCookie,
  codeHash,
  newCode,
  sameHash,
  signInCookie,
  signInTokenOf,
  deviceCookie,
  deviceTokenOf,
  hashToken,
  isToken,
  newToken,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  sessionActive,
  sessionCookie,
  sessionNeedsTouch,
  sessionTokenOf,
  TOUCH_EVERY_MS,
} from "../../../../src/server/staff/auth";

const at = (iso: string) => new Date(iso);

describe("tokens", () => {
  test("each token is 256 random bits in base64url, and never repeats", () => {
    const tokens = new Set(Array.from({ length: 1000 }, newToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(isToken(token)).toBe(true);
    expect(Buffer.from([...tokens][0] ?? "", "base64url")).toHaveLength(32);
  });

  test("only a hash is kept: SHA-256 in hex, the same for the same token", () => {
    const token = newToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toContain(token);
    expect(hashToken(newToken())).not.toBe(hashToken(token));
  });

  test.each(["", "short", `${"a".repeat(42)}=`, `${"a".repeat(44)}`, `${"a".repeat(42)}/`, 42, null, undefined])(
    "%p is not a token",
    (value) => expect(isToken(value)).toBe(false),
  );
});

describe("the session cookie", () => {
  test("is __Host-, Secure, HttpOnly, SameSite=Strict, Path=/, and lasts at most the session's 30 days", () => {
    const token = newToken();
    const header = sessionCookie(token);
    expect(header).toMatch(/^__Host-staff=/);
    expect(header).toContain(`=${token}`);
    for (const part of ["Secure", "HttpOnly", "SameSite=Strict", "Path=/", `Max-Age=${SESSION_MAX_MS / 1000}`])
      expect(header).toContain(part);
    expect(header).not.toMatch(/Domain=/i);
  });

  test("clearing it sets it empty with Max-Age=0 and the same attributes, so the browser replaces it", () => {
    const header = clearedSessionCookie();
    expect(header).toMatch(/^__Host-staff=;/);
    for (const part of ["Max-Age=0", "Secure", "HttpOnly", "SameSite=Strict", "Path=/"]) expect(header).toContain(part);
  });

  test("is read from a Cookie header among others; anything not shaped like a token is ignored", () => {
    const token = newToken();
    expect(sessionTokenOf({ cookie: `a=1; __Host-staff=${token}; b=2` })).toBe(token);
    expect(sessionTokenOf({ cookie: "__Host-staff=not-a-token" })).toBeUndefined();
    expect(sessionTokenOf({ cookie: `staff=${token}` })).toBeUndefined();
    expect(sessionTokenOf({})).toBeUndefined();
  });
});

describe("the known-device cookie", () => {
  test("is __Host-, Secure, HttpOnly, SameSite=Strict, for a year", () => {
    const token = newToken();
    expect(deviceCookie(token)).toBe(`__Host-staff-device=${token}; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Strict`);
  });

  test("and the session's are never read for each other", () => {
    const [session, device] = [newToken(), newToken()];
    const both = { cookie: `__Host-staff-device=${device}; __Host-staff=${session}` };
    expect(sessionTokenOf(both)).toBe(session);
    expect(deviceTokenOf(both)).toBe(device);
    expect(sessionTokenOf({ cookie: `__Host-staff-device=${device}` })).toBeUndefined();
    expect(deviceTokenOf({ cookie: `__Host-staff=${session}` })).toBeUndefined();
    expect(deviceTokenOf({ cookie: "__Host-staff-device=forged" })).toBeUndefined();
  });
});

describe("the sign-in request cookie and its code", () => {
  test("the cookie is __Host-, Secure, HttpOnly, SameSite=Strict, and lasts as long as the link, 15 minutes", () => {
    const token = newToken();
    expect(signInCookie(token)).toBe(`__Host-staff-sign-in=${token}; Max-Age=900; Path=/; HttpOnly; Secure; SameSite=Strict`);
    expect(clearedSignInCookie()).toBe("__Host-staff-sign-in=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Strict");
  });

  test("it is read only as itself, never as a session or a device", () => {
    const [request, session] = [newToken(), newToken()];
    const both = { cookie: `__Host-staff-sign-in=${request}; __Host-staff=${session}` };
    expect(signInTokenOf(both)).toBe(request);
    expect(sessionTokenOf({ cookie: `__Host-staff-sign-in=${request}` })).toBeUndefined();
    expect(deviceTokenOf({ cookie: `__Host-staff-sign-in=${request}` })).toBeUndefined();
    expect(signInTokenOf({ cookie: "__Host-staff-sign-in=123456" })).toBeUndefined();
  });

  test("a code is six random digits, leading zeros kept, spread over all of them", () => {
    const codes = Array.from({ length: 5000 }, newCode);
    for (const code of codes) expect(code).toMatch(/^[0-9]{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(4950);
    // Every digit turns up in every place: none is fixed.
    for (let place = 0; place < 6; place++) expect(new Set(codes.map((code) => code[place])).size).toBe(10);
  });

  test("a code is kept hashed with the request's browser: the same code for two browsers is kept as two values", () => {
    const [a, b] = [hashToken(newToken()), hashToken(newToken())];
    expect(codeHash(a, "012345")).toMatch(/^[0-9a-f]{64}$/);
    expect(codeHash(a, "012345")).toBe(codeHash(a, "012345"));
    expect(codeHash(a, "012345")).not.toBe(codeHash(b, "012345"));
    expect(codeHash(a, "012345")).not.toBe(hashToken("012345"));
    expect(sameHash(codeHash(a, "012345"), codeHash(a, "012345"))).toBe(true);
    expect(sameHash(codeHash(a, "012345"), codeHash(a, "012346"))).toBe(false);
    expect(sameHash(codeHash(a, "012345"), "")).toBe(false);
  });

  test("an address is counted by a hash of it, the same for the same address", () => {
    expect(addressKey("owner@gym.example")).toMatch(/^[0-9a-f]{32}$/);
    expect(addressKey("owner@gym.example")).toBe(addressKey("owner@gym.example"));
    expect(addressKey("owner@gym.example")).not.toBe(addressKey("coach@gym.example"));
  });
});

describe("session lifetime", () => {
  const signedIn = at("2026-11-01T08:00:00Z");
  test("ends after 12 hours without a request", () => {
    const lastSeenAt = at("2026-11-01T09:00:00Z");
    expect(sessionActive({ createdAt: signedIn, lastSeenAt }, new Date(lastSeenAt.getTime() + SESSION_IDLE_MS - 1))).toBe(true);
    expect(sessionActive({ createdAt: signedIn, lastSeenAt }, new Date(lastSeenAt.getTime() + SESSION_IDLE_MS))).toBe(false);
  });

  test("ends 30 days after sign-in however busy", () => {
    const end = new Date(signedIn.getTime() + SESSION_MAX_MS);
    const justBefore = new Date(end.getTime() - 1);
    expect(sessionActive({ createdAt: signedIn, lastSeenAt: justBefore }, justBefore)).toBe(true);
    expect(sessionActive({ createdAt: signedIn, lastSeenAt: justBefore }, end)).toBe(false);
  });

  test("its last use is written at most once a minute", () => {
    const lastSeenAt = at("2026-11-01T09:00:00Z");
    expect(sessionNeedsTouch({ createdAt: signedIn, lastSeenAt }, new Date(lastSeenAt.getTime() + TOUCH_EVERY_MS - 1))).toBe(false);
    expect(sessionNeedsTouch({ createdAt: signedIn, lastSeenAt }, new Date(lastSeenAt.getTime() + TOUCH_EVERY_MS))).toBe(true);
  });
});

test("an owner may do what a coach may and more; a coach only a coach's work", () => {
  expect(allows("owner", "owner")).toBe(true);
  expect(allows("owner", "coach")).toBe(true);
  expect(allows("coach", "coach")).toBe(true);
  expect(allows("coach", "owner")).toBe(false);
});

describe("Origin of a staff change", () => {
  const site = "https://crossfitgraham.com";
  test("the site's own origin passes, by SITE_URL or by the host it was sent to", () => {
    expect(checkStaffOrigin({ origin: site, host: "crossfitgraham.com" }, site, "https")).toBeNull();
    expect(checkStaffOrigin({ origin: "http://localhost:9000", host: "localhost:9000" }, undefined, "http")).toBeNull();
  });

  test.each([
    ["another site", { origin: "https://evil.example", host: "crossfitgraham.com" }],
    ["the plain-HTTP address", { origin: "http://crossfitgraham.com", host: "crossfitgraham.com" }],
    ["no Origin at all", { host: "crossfitgraham.com" }],
    ['"null" (a sandboxed frame)', { origin: "null", host: "crossfitgraham.com" }],
    ["a same-origin header on a cross-site fetch", { origin: site, host: "crossfitgraham.com", "sec-fetch-site": "cross-site" }],
  ])("%s is refused with 403", (_name, headers) => {
    expect(checkStaffOrigin(headers, site, "https")).toMatchObject({ status: 403 });
  });
});
