/**
 * Unit tests: TypeScript and JSX compiled with Babel (type checking is `tsc --noEmit`'s job). The
 * Babel options live here, not in a babel.config.js, which Gatsby would pick up for the site build.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- Jest reads this file as CommonJS.
const fs = require("node:fs");

// `npm test` asks Jest for a JSON report (read by scripts/test-times.mjs); Jest writes it without
// making its folder, which a clean clone does not have.
fs.mkdirSync(`${__dirname}/tests/.tmp/reports`, { recursive: true });

module.exports = {
  // Jest's default on 2 cores is 1 worker; most test files wait on child processes, PostgreSQL and the
  // file system rather than the CPU, and `npm test` runs the build beside them anyway.
  maxWorkers: 2,
  // A guard against a hang, not a speed check: Jest's 5 s default failed a PostgreSQL store test that
  // took longer with the build and the other worker busy beside it (speed lives in `npm run bench`).
  testTimeout: 30_000,
  testMatch: ["<rootDir>/tests/unit/**/*.test.ts?(x)"],
  testEnvironment: "node",
  transform: {
    "^.+\\.(t|j)sx?$": [
      "babel-jest",
      {
        presets: [
          ["@babel/preset-env", { targets: { node: "current" } }],
          ["@babel/preset-react", { runtime: "automatic" }],
          "@babel/preset-typescript",
        ],
        babelrc: false,
        configFile: false,
      },
    ],
  },
  moduleNameMapper: {
    "\\.module\\.css$": "identity-obj-proxy",
    "^gatsby$": "<rootDir>/tests/unit/support/gatsby.tsx",
  },
};
