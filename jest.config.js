/** Unit tests: plain TypeScript modules, compiled with swc (type checking is `tsc --noEmit`'s job). */
module.exports = {
  testMatch: ["<rootDir>/tests/unit/**/*.test.ts?(x)"],
  testEnvironment: "node",
  transform: {
    "^.+\\.(t|j)sx?$": [
      "@swc/jest",
      {
        jsc: {
          parser: { syntax: "typescript", tsx: true },
          transform: { react: { runtime: "automatic" } },
          target: "es2022",
        },
        module: { type: "commonjs" },
      },
    ],
  },
  moduleNameMapper: {
    "\\.module\\.css$": "identity-obj-proxy",
    "^gatsby$": "<rootDir>/tests/unit/support/gatsby.tsx",
  },
};
