import { addressKey } from "../../../src/forms/addressKey";

test.each([
  ["Ana.Ruiz@Gmail.com", "anaruiz@gmail.com"],
  ["ana.ruiz+gym@gmail.com", "anaruiz@gmail.com"],
  ["a.n.a.ruiz@googlemail.com", "anaruiz@gmail.com"],
  ["  ANA@example.com ", "ana@example.com"],
  ["ana+facebook@example.com", "ana@example.com"],
  ["ana+a+b@example.com", "ana@example.com"],
  // Dots count everywhere but Gmail.
  ["j.smith@outlook.com", "j.smith@outlook.com"],
  ["jsmith@outlook.com", "jsmith@outlook.com"],
  ["j.smith@mail.gmail.com.example", "j.smith@mail.gmail.com.example"],
])("%s is the person %s", (address, key) => {
  expect(addressKey(address)).toBe(key);
});

test("two people who differ only by dots stay two at another domain, one at Gmail", () => {
  expect(addressKey("j.smith@yahoo.com")).not.toBe(addressKey("jsmith@yahoo.com"));
  expect(addressKey("j.smith@gmail.com")).toBe(addressKey("jsmith@googlemail.com"));
});
