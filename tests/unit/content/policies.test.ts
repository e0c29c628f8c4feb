import { fillPlaceholders, placeholderValues, policyFacts } from "../../../src/content/policies";

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
      textMonths: 24,
      textConsentMonths: 48,
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
