import { hoursRows } from "../../src/content/hours";
import { fillPlaceholders, placeholderValues, policyFacts } from "../../src/content/policies";
import { formatPrice, planAction, priceLabel } from "../../src/content/rates";
import { formatPhone, mapsUrl, telHref } from "../../src/content/contact";

const policies = {
  holdNoticeDays: 7,
  minHoldDays: 14,
  maxHoldDays: 90,
  maxHoldsPerYear: 2,
  cancellationNoticeDays: 30,
  holdFee: 0,
  cancellationFee: 0,
  reactivationFee: 25,
  signUpFee: 0,
};

test("hours table rows merge days with the same hours and show closed days", () => {
  expect(
    hoursRows([
      { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "05:00", closes: "19:00" },
      { days: ["Saturday"], opens: "09:00", closes: "11:00" },
    ]),
  ).toEqual([
    { label: "Monday – Friday", opens: "05:00", closes: "19:00" },
    { label: "Saturday", opens: "09:00", closes: "11:00" },
    { label: "Sunday", opens: undefined, closes: undefined },
  ]);
});

describe("policies text", () => {
  test("placeholders take their numbers from policies.json and privacy.json", () => {
    const privacy = {
      requestResponseDays: 45,
      spamDays: 30,
      contactMonths: 24,
      introMonths: 18,
      kidsTrialMonths: 12,
      requestMonths: 24,
      dropInMonths: 36,
    };
    const values = placeholderValues(policies, privacy);
    expect(fillPlaceholders("<p>At least {{holdNoticeDays}} days; costs {{holdFee}}; back for {{ reactivationFee }}.</p>", values)).toBe(
      "<p>At least 7 days; costs nothing; back for $25.</p>",
    );
    expect(fillPlaceholders("<p>Spam goes after {{spamDays}} days, bookings after {{introMonths}} months; {{unknown}}.</p>", values)).toBe(
      "<p>Spam goes after 30 days, bookings after 18 months; {{unknown}}.</p>",
    );
  });

  test("facts table", () => {
    expect(policyFacts(policies)).toContainEqual({ label: "Hold length", value: "14 days to 90 days" });
    expect(policyFacts(policies)).toContainEqual({ label: "Reactivation fee", value: "$25" });
    expect(policyFacts(policies)).toContainEqual({ label: "Sign-up fee", value: "None" });
    expect(policyFacts({ ...policies, signUpFee: 49 })).toContainEqual({ label: "Sign-up fee", value: "$49" });
  });
});

describe("rates", () => {
  test("prices read naturally", () => {
    expect(priceLabel(165, "month")).toBe("$165 per month");
    expect(priceLabel(199, "program")).toBe("$199 one-time");
    expect(formatPrice(12.5)).toBe("$12.50");
  });

  test("memberships sign up with the plan preselected; a drop-in has its own page", () => {
    expect(planAction({ id: "unlimited", period: "month" }).href).toBe("/membership/signup/?plan=unlimited");
    expect(planAction({ id: "drop-in", period: "visit" }).href).toBe("/drop-in/");
  });
});

test("contact links", () => {
  expect(telHref("+1-253-555-0142")).toBe("tel:+12535550142");
  expect(formatPhone("+1-253-555-0142")).toBe("(253)\u00a0555\u20110142");
  expect(mapsUrl({ name: "Gym", address: { street: "1 Main St", locality: "Graham", region: "WA", postalCode: "98338" } })).toBe(
    "https://www.google.com/maps/search/?api=1&query=Gym%2C%201%20Main%20St%2C%20Graham%2C%20WA%2098338",
  );
});
