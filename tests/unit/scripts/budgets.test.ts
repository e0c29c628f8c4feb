import { BUDGETS, KB, kb } from "../../../scripts/budgets";

describe("kb: sizes in the budgets' messages", () => {
  test("a whole number of KB prints as written", () => {
    expect(kb(100 * KB)).toBe("100 KB");
    expect(kb(54 * KB)).toBe("54 KB");
  });

  test("anything else keeps one decimal", () => {
    expect(kb(13.64 * KB)).toBe("13.6 KB");
    expect(kb(0.5 * KB)).toBe("0.5 KB");
    expect(kb(13.5 * KB)).toBe("13.5 KB");
  });

  test("a size just over a budget never prints as the budget itself", () => {
    expect(kb(BUDGETS.javascriptPerPage + 1)).toBe(`${(BUDGETS.javascriptPerPage / KB).toFixed(1)} KB`);
    expect(kb(BUDGETS.javascriptPerPage + 1)).not.toBe(kb(BUDGETS.javascriptPerPage));
  });
});
