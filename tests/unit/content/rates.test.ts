import { formatPrice, planAction, priceLabel, teaserPlans } from "../../../src/content/rates";
import { pathTo } from "../../../src/routes";

describe("the home page's plans", () => {
  const plans = [
    { id: "three-per-week", period: "month" },
    { id: "unlimited", period: "month", highlight: true },
    { id: "kids", period: "month", highlight: null },
    { id: "foundations", period: "program" },
    { id: "drop-in", period: "visit" },
  ];

  test("are the highlighted plan and the plans that are not monthly, in the file's order", () => {
    expect(teaserPlans(plans).map((plan) => plan.id)).toEqual(["unlimited", "foundations", "drop-in"]);
  });

  test("stop at the count asked for", () => {
    expect(teaserPlans(plans, 2).map((plan) => plan.id)).toEqual(["unlimited", "foundations"]);
  });
});

test("plan buttons lead to the pages in the route table, with the plan in the query", () => {
  expect(planAction({ id: "unlimited", period: "month" }).href).toBe(`${pathTo("signup")}?plan=unlimited`);
  expect(planAction({ id: "drop in", period: "visit" }).href).toBe(pathTo("dropIn"));
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
