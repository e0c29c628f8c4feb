import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { csvCell, parseArgs, run, toCsv } from "../../../scripts/submissions";
import { openSqliteStore } from "../../../src/server/store/sqlite";

describe("staff CLI", () => {
  test("arguments", () => {
    expect(parseArgs(["list", "--form", "contact", "--since", "2026-11-01"])).toMatchObject({
      command: "list",
      form: "contact",
      since: new Date("2026-11-01T00:00:00Z"),
    });
    expect(() => parseArgs(["list", "--form", "yoga"])).toThrow(/--form must be one of/);
    expect(() => parseArgs(["list", "--since", "yesterday"])).toThrow(/YYYY-MM-DD/);
    expect(() => parseArgs(["export"])).toThrow(/--format csv/);
    expect(() => parseArgs(["delete"])).toThrow(/Unknown command/);
  });

  test("CSV quotes what needs quoting and defuses spreadsheet formulas", () => {
    const csv = toCsv([
      { id: "C-1", form: "contact", createdAt: new Date("2026-11-20T10:00:00Z"), spam: null, payload: { name: "=HYPERLINK(\"x\")", phone: "+12535550142", message: "Hi, \"coach\"\nline 2" } },
    ]);
    expect(csv).toBe(
      'reference,form,received,name,phone,message\r\nC-1,contact,2026-11-20T10:00:00.000Z,"\'=HYPERLINK(""x"")",+12535550142,"Hi, ""coach""\nline 2"\r\n',
    );
  });

  test("every formula lead is defused, full-width forms and hidden leads included", () => {
    for (const lead of ["=", "+", "-", "@", "\t", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]) {
      expect(csvCell(`${lead}SUM(A1)`).replace(/^"/, "")).toMatch(/^'/);
    }
    // A NUL or CR in front is shown as an escape, so no spreadsheet can skip it to reach the "=".
    expect(csvCell("\u0000=SUM(A1)")).toBe("\\u0000=SUM(A1)");
    expect(csvCell("\r=SUM(A1)")).toBe("\\u000d=SUM(A1)");
    expect(csvCell("+12535550142")).toBe("+12535550142");
    expect(csvCell("-3")).toBe("-3");
  });

  test("list output shows control characters instead of sending them to the terminal", async () => {
    const lines: string[] = [];
    const store = {
      list: async () => [{ id: "C-1", form: "contact" as const, createdAt: new Date("2026-11-20T10:00:00Z"), spam: null, payload: { name: "Ana\u001b]0;owned\u0007", email: "a@b.co" } }],
    } as unknown as Parameters<typeof run>[1];
    await run(parseArgs(["list"]), store, (text) => lines.push(text));
    expect(lines).toEqual(["C-1  2026-11-20 10:00  contact  Ana\\u001b]0;owned\\u0007  a@b.co"]);
  });

  test("list and export read the same store the site writes", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-cli-"));
    const store = openSqliteStore(path.join(dir, "s.sqlite"));
    await store.insert({ id: "C-1", form: "contact", createdAt: new Date("2026-11-20T10:00:00Z"), payload: { name: "Ana", email: "ana@example.com", interest: "kids" }, spam: null, notify: false });
    await store.insert({ id: "S-1", form: "signup", createdAt: new Date("2026-11-21T10:00:00Z"), payload: { firstName: "Sam", lastName: "Lee", email: "sam@example.com", plan: "unlimited" }, spam: null, notify: false });
    await store.insert({ id: "C-2", form: "contact", createdAt: new Date("2026-11-21T11:00:00Z"), payload: { name: "Bot" }, spam: "honeypot", notify: false });
    const lines: string[] = [];
    await run(parseArgs(["list"]), store, (t) => lines.push(t));
    expect(lines).toEqual(["C-1  2026-11-20 10:00  contact  Ana  ana@example.com  kids", "S-1  2026-11-21 10:00  signup  Sam Lee  sam@example.com  unlimited"]);
    lines.length = 0;
    await run(parseArgs(["export", "--format", "json", "--form", "signup"]), store, (t) => lines.push(t));
    expect(JSON.parse(lines.join(""))).toEqual([
      { reference: "S-1", form: "signup", received: "2026-11-21T10:00:00.000Z", firstName: "Sam", lastName: "Lee", email: "sam@example.com", plan: "unlimited" },
    ]);
    lines.length = 0;
    await run(parseArgs(["outbox"]), store, (t) => lines.push(t));
    expect(lines).toEqual(["Outbox is empty: every staff e-mail has been sent."]);
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
