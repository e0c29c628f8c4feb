import { payNowUrl } from "../../../src/content/paymentLink";
import { dropInSent } from "../../../src/forms/dropIn/sent";
import { signupSent } from "../../../src/forms/signup/sent";
import { newReference } from "../../../src/server/forms/ids";

/**
 * "Pay now" after a sign-up or a drop-in (src/content/paymentLink.ts): the plan's Stripe payment link
 * with the send's reference as client_reference_id, which Stripe keeps only when it is letters, digits,
 * dashes and underscores, 200 at most, and the address as prefilled_email.
 */
const LINK = "https://buy.stripe.com/test_eVa5nPg1j1wmfXq5kr";

test("the link carries the reference and the address, each encoded as a query value", () => {
  const url = payNowUrl(LINK, { reference: "S-7K3M9QX2PA", email: "sam+gym@example.com" });
  expect(url).toBe(`${LINK}?client_reference_id=S-7K3M9QX2PA&prefilled_email=sam%2Bgym%40example.com`);
  const query = new URL(url ?? "").searchParams;
  expect(query.get("client_reference_id")).toBe("S-7K3M9QX2PA");
  expect(query.get("prefilled_email")).toBe("sam+gym@example.com");
  expect(payNowUrl("https://buy.stripe.com/5kA9AK3jF0bc", { reference: "V-00000000ZZ" })).toBe(
    "https://buy.stripe.com/5kA9AK3jF0bc?client_reference_id=V-00000000ZZ",
  );
});

test("every sign-up's and drop-in's reference is one Stripe keeps", () => {
  for (const form of ["signup", "drop-in"] as const) {
    for (let i = 0; i < 200; i++) {
      const reference = newReference(form);
      expect(new URL(payNowUrl(LINK, { reference }) ?? "").searchParams.get("client_reference_id")).toBe(reference);
    }
  }
});

test("no link, an emptied link, a link that is not Stripe's, or a reference Stripe would drop: no Pay now", () => {
  const send = { reference: "S-7K3M9QX2PA", email: "sam@example.com" };
  for (const link of [undefined, null, "", "javascript:alert(1)", "https://evil.example/buy.stripe.com/x", `${LINK}?a=b`])
    expect(payNowUrl(link, send)).toBeUndefined();
  for (const reference of ["", "S 7K3M9QX2PA", "S-7K3M9QX2PA&prefilled_email=x@y.example", "S-ÄÖ", "x".repeat(201)])
    expect(payNowUrl(LINK, { reference })).toBeUndefined();
  expect(payNowUrl(LINK, { reference: "x".repeat(200) })).toBe(`${LINK}?client_reference_id=${"x".repeat(200)}`);
});

test("an address that is empty or only spaces is left out; one with spaces around is trimmed", () => {
  expect(payNowUrl(LINK, { reference: "S-7K3M9QX2PA", email: "  " })).toBe(`${LINK}?client_reference_id=S-7K3M9QX2PA`);
  expect(payNowUrl(LINK, { reference: "S-7K3M9QX2PA", email: " sam@example.com " })).toBe(
    `${LINK}?client_reference_id=S-7K3M9QX2PA&prefilled_email=sam%40example.com`,
  );
});

test("without a link the confirmations keep their words; with one they offer Pay now", () => {
  expect(signupSent("cash or card")).toEqual({
    title: "Welcome to the gym!",
    paragraphs: [
      "We have your sign-up. A coach will e-mail you within one business day to confirm your start date and set up payment (cash or card).",
    ],
  });
  const url = `${LINK}?client_reference_id=S-7K3M9QX2PA`;
  const paid = signupSent("cash or card", url);
  expect(paid.payNow).toBe(url);
  expect(paid.paragraphs.join(" ")).not.toContain("set up payment (");
  expect(paid.paragraphs.join(" ")).toContain("or set up payment with the coach (cash or card)");

  expect(dropInSent("2026-12-01", "$20")).toEqual({
    title: "See you on Tuesday, December 1, 2026",
    paragraphs: [
      "A coach will e-mail you before your visit to say which class suits you best. The waiver is signed, so on the day you only pay the $20 drop-in fee.",
    ],
  });
  const dropIn = dropInSent("2026-12-01", "$20", url);
  expect(dropIn.payNow).toBe(url);
  expect(dropIn.paragraphs.join(" ")).toContain("pay the $20 drop-in fee now by card on Stripe's secure page, or on the day");
});
