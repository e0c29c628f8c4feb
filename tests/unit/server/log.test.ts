import { errorSummary } from "../../../src/server/log";

test("errors are logged without the data that caused them", () => {
  const pgError = Object.assign(new Error('invalid input syntax for type json: "ana@example.com"'), {
    code: "22P02",
    detail: "Token is invalid.",
    where: 'JSON data, line 1: {"name":"Ana Ruiz","email":"ana@example.com"',
  });
  const line = errorSummary(pgError);
  expect(line).toBe("Error [22P02]: invalid input syntax for type json: …");
  expect(line).not.toMatch(/Ana|ana@example/);
});
