import { directionsUrl, firstVisitFacts, noticeWords, startSteps, type FirstVisitInput } from "../../../src/content/firstVisit";
import type { Plan } from "../../../src/content/schemas";
import { checkWayIn } from "../../../src/content/wayInRules";

const site = {
  name: "CrossFit Graham",
  address: { street: "10615 224th St E, Suite B", locality: "Graham", region: "WA", postalCode: "98338" },
};
const plans = [
  { price: 135, period: "month", program: "crossfit", description: "Three classes a week." },
  { price: 165, period: "month", program: "crossfit", description: "Every class." },
  { price: 75, period: "month", program: "kids", description: "Kids." },
  { price: 199, period: "program", program: "foundations", description: "Six one-on-one sessions.", creditedToFirstMonth: true },
  { price: 20, period: "visit", program: "crossfit", description: "One class." },
];
const input: FirstVisitInput = {
  site,
  visit: { parking: "Free parking in front.", door: "The glass door marked Suite B.", fitness: "No." },
  intro: { summary: "Talk about your goals.", whatToBring: "Shoes and water.", slotMinutes: 30 },
  plans,
  policies: { signUpFee: 0, cancellationNoticeDays: 30, cancellationFee: 0, reactivationFee: 25 },
};
const text = (facts: ReturnType<typeof firstVisitFacts>, label: string) => facts.find((fact) => fact.label === label)?.text;

describe("start here", () => {
  test("three steps: the free intro, Foundations with its credit, and the lowest group-class membership", () => {
    expect(startSteps(plans).map(({ title, price, link }) => [title, price, link.href])).toEqual([
      ["A free intro", "Free", "/intro/"],
      ["Foundations", "$199 one-time, credited to your first month", "/programs/foundations/"],
      ["A membership", "from $135 a month", "/membership/signup/"],
    ]);
  });

  test("a Foundations fee that is not credited says only its price", () => {
    const notCredited = plans.map((plan) => ({ ...plan, creditedToFirstMonth: false }));
    expect(startSteps(notCredited)[1]?.price).toBe("$199 one-time");
  });
});

describe("the first visit", () => {
  test("every fact in the order a visitor needs it, each from its file", () => {
    const facts = firstVisitFacts(input);
    expect(facts.map((fact) => fact.label)).toEqual([
      "Where",
      "Parking",
      "Which door",
      "What to wear and bring",
      "At your free intro",
      "Do I need to be fit?",
      "Then Foundations",
      "Joining",
    ]);
    expect(facts.map((fact) => fact.id)).toEqual(["where", "parking", "door", "bring", "intro", "fitness", "foundations", "joining"]);
    expect(facts[0]).toEqual({
      id: "where",
      label: "Where",
      text: "10615 224th St E, Suite B, Graham, WA 98338",
      link: { href: directionsUrl(site), text: "Get directions" },
    });
    expect(text(facts, "At your free intro")).toBe("30 minutes, one-on-one with a coach. Talk about your goals.");
    expect(text(facts, "Then Foundations")).toBe("Six one-on-one sessions. $199 one-time, credited to your first month.");
    expect(text(facts, "Joining")).toBe(
      "No sign-up fee. Memberships are month to month: cancel with 30 days' notice. Coming back after cancelling costs $25.",
    );
  });

  test("fees and notice periods follow policies.json", () => {
    const facts = firstVisitFacts({
      ...input,
      policies: { signUpFee: 49, cancellationNoticeDays: 1, cancellationFee: 10, reactivationFee: 0 },
    });
    expect(text(facts, "Joining")).toBe(
      "A $49 sign-up fee. Memberships are month to month: cancel with 1 day's notice and a $10 fee. Coming back after cancelling costs nothing.",
    );
  });

  test("the directions link is a maps address with the gym's name and address, and no script", () => {
    expect(directionsUrl(site)).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=CrossFit%20Graham%2C%2010615%20224th%20St%20E%2C%20Suite%20B%2C%20Graham%2C%20WA%2098338",
    );
  });

  test("notice in words", () => {
    expect([0, 1, 30].map(noticeWords)).toEqual(["no notice", "1 day's notice", "30 days' notice"]);
  });
});

describe("the content checks of the way in", () => {
  const rates = (chosen: typeof plans) => ({
    currency: "USD" as const,
    notes: [],
    plans: chosen.map((plan, index) => ({ id: `plan-${index}`, name: `Plan ${index}`, ...plan, period: plan.period as Plan["period"] })),
  });

  test("rates.json with a one-time Foundations plan and a monthly CrossFit plan passes", () => {
    expect(checkWayIn("content/rates.json", rates(plans))).toEqual([]);
  });

  test("without either, the build names the file and says what Start here needs", () => {
    const kidsOnly = plans.filter((plan) => plan.program === "kids");
    expect(checkWayIn("content/rates.json", rates(kidsOnly))).toEqual([
      {
        file: "content/rates.json",
        field: "plans",
        message: 'needs a plan with program "foundations" paid once (period "program"): "Start here" and the first visit show its price',
      },
      {
        file: "content/rates.json",
        field: "plans",
        message: 'needs a plan with program "crossfit" paid per month: "Start here" shows the lowest one',
      },
    ]);
  });
});
