#!/usr/bin/env node
/**
 * Where the test time goes: the slowest Jest files and Playwright spec files of the last run, read from
 * the JSON reports `npm test` writes (tests/.tmp/reports/jest.json, tests/.tmp/reports/playwright.json). Printed at
 * the end of `npm test`, so every CI log says which files to make faster first.
 *
 *   node scripts/test-times.mjs [--top 10]
 */
import fs from "node:fs";

const top = Number(process.argv[process.argv.indexOf("--top") + 1]) || 10;
const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null);
const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

function table(title, rows) {
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`\n${title}: ${rows.length} files, ${seconds(total).trim()} of test time in all`);
  for (const [file, ms] of rows.sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${seconds(ms)}  ${file}`);
}

const jest = read("tests/.tmp/reports/jest.json");
if (jest) {
  const root = `${process.cwd()}/`;
  table(
    "Jest",
    jest.testResults.map((result) => [result.name.replace(root, ""), result.endTime - result.startTime]),
  );
}

const playwright = read("tests/.tmp/reports/playwright.json");
if (playwright) {
  const perFile = new Map();
  const walk = (suite, file) => {
    const own = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results)
          perFile.set(`${test.projectName}: ${own}`, (perFile.get(`${test.projectName}: ${own}`) ?? 0) + result.duration);
      }
    }
    for (const child of suite.suites ?? []) walk(child, own);
  };
  for (const suite of playwright.suites) walk(suite, suite.file);
  table("Playwright (summed over the workers)", [...perFile]);
  console.log(`Playwright wall time: ${seconds(playwright.stats.duration).trim()}`);
}

if (!jest && !playwright) console.log("No test reports in tests/.tmp/reports/: run the tests first.");
