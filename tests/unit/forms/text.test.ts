import { contactSchema } from "../../../src/forms/contact/schema";
import { fieldErrors } from "../../../src/forms/schemas/fields";
import { textProblem } from "../../../src/forms/text";
import { NOT_TEXT } from "../../support/notText";

const contact = { name: "Ana Ruiz", email: "ana@example.com", interest: "kids", message: "Can my daughter try a class?", elapsedMs: 9000 };
const errorsFor = (data: Record<string, unknown>) => {
  const result = contactSchema.safeParse(data);
  return result.success ? {} : fieldErrors(result.error);
};

describe("every text field takes only text", () => {
  test.each(NOT_TEXT)("%s in a one-line field is refused, naming the field", (_kind, value, message) => {
    expect(errorsFor({ ...contact, name: value }).name).toMatch(message);
    expect(errorsFor({ ...contact, name: value }).name).toMatch(/your name/);
  });

  test.each(NOT_TEXT)("%s in a multi-line field is refused too", (_kind, value, message) => {
    expect(errorsFor({ ...contact, message: value }).message).toMatch(message);
  });

  test("line breaks and tabs only where the field has lines", () => {
    expect(errorsFor({ ...contact, name: "Ana\nEmail: boss@gym.example" }).name).toBe(
      "Write your name on one line, without tabs or line breaks",
    );
    expect(errorsFor({ ...contact, name: "Ana\tRuiz" }).name).toMatch(/on one line/);
    expect(errorsFor({ ...contact, phone: "253\r555 0142" }).phone).toMatch(/on one line/);
    const ok = contactSchema.parse({ ...contact, message: "Line one\r\nLine two\rLine three\n\tIndented" });
    expect(ok.message).toBe("Line one\nLine two\nLine three\n\tIndented");
  });

  test("ordinary text of every script passes, emoji included", () => {
    for (const name of ["José Núñez", "Zoë O'Brien-Smith", "李小龍", "محمد علي", "Nguyễn Văn An", "Ana 💪"]) {
      expect(errorsFor({ ...contact, name })).toEqual({});
    }
    expect(textProblem("Hi 👋🏽, ‘quotes’ — dash", "one-line", "x")).toBeNull();
  });

  test("an encoded word of any charset and either encoding is refused, wherever it sits", () => {
    for (const value of ["=?utf-8?q?=E2=80=AEAna?=", "Ana =?ISO-8859-1?Q?Ruiz?= Smith", "=?UTF-8*en?b?QW5h?=", "=?x?B??="]) {
      expect(errorsFor({ ...contact, name: value }).name).toBe('Write your name as plain text, without "=?...?=" codes');
      expect(errorsFor({ ...contact, message: `Hello,\n${value}` }).message).toMatch(/as plain text/);
    }
  });

  test("=? in an ordinary question is text", () => {
    for (const message of ["Is the 6 a.m. class full=? Can I come?", "2+2=? and 3+3=?", "a =?= b", "=?UTF-8?X?abc?= is not an encoding"]) {
      expect(errorsFor({ ...contact, message })).toEqual({});
    }
  });

  test("fields the form does not have are named, __proto__ and constructor included", () => {
    const body = JSON.parse(
      '{"name":"Ana Ruiz","email":"ana@example.com","interest":"kids","message":"Hi","elapsedMs":9000,"__proto__":{"x":1},"constructor":"y"}',
    ) as Record<string, unknown>;
    const errors = errorsFor(body);
    expect(Object.keys(errors).sort()).toEqual(["__proto__", "constructor"]);
    expect(JSON.parse(JSON.stringify(errors))).toEqual(
      JSON.parse('{"__proto__":"This field is not part of the form","constructor":"This field is not part of the form"}'),
    );
  });
});
