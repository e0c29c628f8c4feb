import { dateTimeFormat, isTimeZone } from "../../../src/time/intl";

describe("the one cache of formatters", () => {
  test("the same options in the same zone give the same formatter, built once", () => {
    const first = dateTimeFormat({ hour: "numeric", minute: "2-digit" }, "America/Los_Angeles");
    expect(dateTimeFormat({ hour: "numeric", minute: "2-digit" }, "America/Los_Angeles")).toBe(first);
    expect(dateTimeFormat({ hour: "numeric", minute: "2-digit" }, "America/New_York")).not.toBe(first);
    expect(dateTimeFormat({ hour: "numeric" }, "America/Los_Angeles")).not.toBe(first);
  });

  test("in American English and the zone asked for, whatever the machine's own", () => {
    const options = dateTimeFormat({ hour: "numeric", minute: "2-digit" }, "America/New_York").resolvedOptions();
    expect(options).toMatchObject({ locale: "en-US", timeZone: "America/New_York" });
  });
});

test("a time zone is a name Intl knows", () => {
  expect(isTimeZone("America/Denver")).toBe(true);
  expect(isTimeZone("UTC")).toBe(true);
  expect(isTimeZone("America/Graham")).toBe(false);
  expect(isTimeZone("")).toBe(false);
});
