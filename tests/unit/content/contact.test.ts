import { formatPhone, mapsUrl, telHref } from "../../../src/content/contact";

test("contact links", () => {
  expect(telHref("+1-253-555-0142")).toBe("tel:+12535550142");
  expect(formatPhone("+1-253-555-0142")).toBe("(253)\u00a0555\u20110142");
  expect(mapsUrl({ name: "Gym", address: { street: "1 Main St", locality: "Graham", region: "WA", postalCode: "98338" } })).toBe(
    "https://www.google.com/maps/search/?api=1&query=Gym%2C%201%20Main%20St%2C%20Graham%2C%20WA%2098338",
  );
});
