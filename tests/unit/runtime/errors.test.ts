import { errorCode, isBot } from "../../../src/runtime/errors";

test("error codes and bot detection", () => {
  expect(errorCode(new TypeError("x"))).toBe("TypeError");
  expect(errorCode({ code: 503 })).toBe("503");
  expect(errorCode("boom")).toBe("Error");
  expect(isBot("Mozilla/5.0 (compatible; bingbot/2.0)")).toBe(true);
  expect(isBot("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1")).toBe(false);
  expect(isBot("Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156.0 Safari/537.36")).toBe(false);
});
