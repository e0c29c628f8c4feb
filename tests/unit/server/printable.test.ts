import { escapeControls } from "../../../src/server/printable";

test("stored text is shown, never obeyed: controls, bidi and broken characters become escapes", () => {
  expect(escapeControls("Ana\u001b[2J\u0007")).toBe("Ana\\u001b[2J\\u0007");
  expect(escapeControls("Ana\u202eziuR")).toBe("Ana\\u202eziuR");
  expect(escapeControls("x\ud800y")).toBe("x\\ud800y");
  expect(escapeControls("a\nb\tc")).toBe("a\\u000ab\\u0009c");
  expect(escapeControls("a\nb\tc\r", true)).toBe("a\nb\tc\\u000d");
  expect(escapeControls("José 💪 李")).toBe("José 💪 李");
});
