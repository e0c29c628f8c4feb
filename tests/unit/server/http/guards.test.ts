import { requestScheme } from "../../../../src/server/http/clientAddress";
import {
  checkContentType,
  checkFormContentType,
  checkMethod,
  checkOrigin,
  MAX_DEPTH,
  unstorable,
} from "../../../../src/server/http/guards";

describe("request guards", () => {
  test("only POST", () => {
    expect(checkMethod("POST")).toBeNull();
    expect(checkMethod("GET")).toEqual({ status: 405, error: "Send the form with POST.", headers: { Allow: "POST" } });
  });

  test("only JSON; a visitor's form also takes what the browser posts itself", () => {
    expect(checkContentType({ "content-type": "application/json; charset=utf-8" })).toBeNull();
    expect(checkContentType({ "content-type": "application/x-www-form-urlencoded" })?.status).toBe(415);
    expect(checkFormContentType({ "content-type": "application/x-www-form-urlencoded" })).toBeNull();
    expect(checkFormContentType({ "content-type": "application/json" })).toBeNull();
    expect(checkFormContentType({ "content-type": "multipart/form-data; boundary=x" })?.status).toBe(415);
    expect(checkContentType({ "content-type": "text/plain" })?.status).toBe(415);
    expect(checkContentType({})?.status).toBe(415);
  });

  test("same origin only: scheme, host and port", () => {
    const host = { host: "localhost:9000" };
    expect(checkOrigin({ ...host, origin: "http://localhost:9000" }, undefined, "http")).toBeNull();
    expect(checkOrigin({ ...host, origin: "https://www.gym.example" }, "https://www.gym.example", "http")).toBeNull();
    expect(checkOrigin({ ...host }, undefined, "http")).toBeNull();
    expect(checkOrigin({ ...host, origin: "https://evil.example" }, undefined, "http")?.status).toBe(403);
    expect(checkOrigin({ ...host, origin: "null" }, undefined, "http")?.status).toBe(403);
    expect(checkOrigin({ ...host, "sec-fetch-site": "cross-site" }, undefined, "http")?.status).toBe(403);
    expect(checkOrigin({ ...host, "sec-fetch-site": "same-origin" }, undefined, "http")).toBeNull();
    // The same host on another scheme or port is another origin.
    expect(checkOrigin({ ...host, origin: "https://localhost:9000" }, undefined, "http")?.status).toBe(403);
    expect(checkOrigin({ ...host, origin: "http://localhost:9001" }, undefined, "http")?.status).toBe(403);
    const site = { host: "www.gym.example" };
    expect(checkOrigin({ ...site, origin: "http://www.gym.example" }, "https://www.gym.example", "https")?.status).toBe(403);
    expect(checkOrigin({ ...site, origin: "https://www.gym.example:8443" }, "https://www.gym.example", "https")?.status).toBe(403);
    expect(checkOrigin({ ...site, origin: "https://WWW.gym.example:443" }, "https://www.gym.example", "https")).toBeNull();
  });

  test("the request's scheme is believed only from a source the host vouches for", () => {
    const plain = { headers: { "x-forwarded-proto": "https" }, socket: { remoteAddress: "127.0.0.1" } };
    expect(requestScheme(plain, false)).toBe("http");
    expect(requestScheme(plain, true)).toBe("https");
    expect(requestScheme({ headers: {}, socket: { remoteAddress: "127.0.0.1", encrypted: true } as never }, false)).toBe("https");
    expect(requestScheme({ headers: {}, socket: null, netlifyFunctionParams: {} }, false)).toBe("https");
    expect(requestScheme({ headers: { "x-forwarded-proto": "http" }, socket: null, netlifyFunctionParams: {} }, false)).toBe("http");
  });
});

describe("unstorable", () => {
  test("finds a NUL or half a surrogate pair in any string of a JSON value, keys included, and nowhere else", () => {
    expect(unstorable({ note: "fine", list: ["a", { deep: "b\u0000" }] })).toBe("nul");
    expect(unstorable({ "k\u0000": 1 })).toBe("nul");
    expect(unstorable("\u0000")).toBe("nul");
    expect(unstorable({ note: "cut \ud83d" })).toBe("lone surrogate");
    expect(unstorable({ note: "\ude00 cut" })).toBe("lone surrogate");
    expect(unstorable({ note: "fine \ud83d\ude00", count: 3, none: null, list: ["a", { deep: "b" }] })).toBe(null);
  });

  test("says a value nested deeper than MAX_DEPTH is too deep, without recursion", () => {
    let deep: unknown = "x";
    for (let i = 0; i < MAX_DEPTH; i++) deep = [deep];
    expect(unstorable(deep)).toBe(null);
    expect(unstorable([deep])).toBe("too deep");
    for (let i = 0; i < 500_000; i++) deep = { a: deep };
    expect(unstorable(deep)).toBe("too deep");
  });
});
