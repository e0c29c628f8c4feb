// Lint rules for the whole repository. Besides the recommended sets, no-restricted-imports encodes
// the boundaries in docs/architecture.md ("What may import what"), so an import that would put server code in the browser bundle (or
// React in a pure module) fails in seconds instead of in review.
import { builtinModules } from "node:module";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const SERVER_CODE = {
  group: ["**/server", "**/server/**", "**/api", "**/api/**"],
  message: "Browser code never imports src/server or src/api (docs/architecture.md, What may import what).",
};
const PAGE_CODE = {
  group: ["**/components", "**/components/**", "**/templates", "**/templates/**"],
  message: "src/api uses src/forms and src/server, never components or templates (docs/architecture.md, What may import what).",
};
const BROWSER_CODE = {
  group: ["**/runtime", "**/runtime/**", "**/components", "**/components/**", "**/hooks", "**/hooks/**"],
  message: "src/node runs at build time and never imports browser-only code (docs/architecture.md, What may import what).",
};
const FRAMEWORKS = {
  group: ["gatsby", "gatsby/*", "gatsby-*", "react", "react/*", "react-dom", "react-dom/*", "node:*", ...builtinModules],
  message:
    "Pure modules import nothing from Gatsby, React or Node, so the browser, the server and the tests share them as they are (docs/architecture.md, What may import what).",
};
// zod and the schemas (each form's schema.ts in its folder, src/forms/<form>/, and the pieces they share
// in src/forms/schemas/) are most of a form's JavaScript and run only when it is sent, so the forms
// import() them on first use (src/hooks/useForm.ts); one static import would put them back on every
// form page. Types cost nothing in the bundle.
const VALIDATOR_MESSAGE =
  "The form validator (zod, src/forms/<form>/schema.ts, src/forms/schemas/) is loaded on first use with import(), not with the page (src/hooks/useForm.ts); import only types from it statically.";
const noStaticValidator = {
  "@typescript-eslint/no-restricted-imports": [
    "error",
    {
      paths: [{ name: "zod", allowTypeImports: true, message: VALIDATOR_MESSAGE }],
      patterns: [
        {
          group: ["zod/*", "**/forms/schemas", "**/forms/schemas/**", "**/forms/*/schema"],
          allowTypeImports: true,
          message: VALIDATOR_MESSAGE,
        },
      ],
    },
  ],
};
const restrict = (...patterns) => ({ "no-restricted-imports": ["error", { patterns }] });
// no-restricted-imports does not see import(): a lazily loaded server module would still be bundled.
const noLazyServerCode = {
  "no-restricted-syntax": [
    "error",
    { selector: "ImportExpression[source.value=/(^|\\/)(server|api)(\\/|$)/]", message: SERVER_CODE.message },
  ],
};
// The first use of each Intl service in a browser loads locale or time-zone data: 50-100 ms on a phone,
// spent inside the task that hydrates the page. Code that renders pages formats with plain functions
// (src/content/dates.ts, src/content/gymClock.ts), and the server words what needs a time zone.
const INTL_MESSAGE =
  "Code that renders pages does not use Intl or locale comparisons (each first use costs a phone 50-100 ms while the page hydrates): use src/content/dates.ts or src/content/gymClock.ts.";
// Dates and times are worded in one module, src/time/: the gym's zone read once, one cache of
// formatters, named formatters for what callers show. A formatter built anywhere else is a second cache
// and a zone passed by hand. Tests may use Intl: it is their independent check of src/time/.
const TIME_MESSAGE =
  "Dates and times are worded by src/time/ (labels.ts, today.ts: the gym's zone, one cache of formatters), not with Intl's date formatters or toLocale*String elsewhere (docs/architecture.md, The time module).";
const TIME_FILES = ["src/time/**"];
const DATE_FORMATTERS = ["DateTimeFormat", "RelativeTimeFormat", "DurationFormat"].map((property) => ({
  object: "Intl",
  property,
  message: TIME_MESSAGE,
}));
const TO_LOCALE = ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"];
const timeInOneModule = {
  "no-restricted-properties": ["error", ...DATE_FORMATTERS, ...TO_LOCALE.map((property) => ({ property, message: TIME_MESSAGE }))],
};
// Rendered files get both: a later no-restricted-properties replaces an earlier one for the same file.
const noIntl = {
  "no-restricted-globals": ["error", { name: "Intl", message: INTL_MESSAGE }],
  "no-restricted-properties": [
    "error",
    ...DATE_FORMATTERS,
    ...["localeCompare", ...TO_LOCALE].map((property) => ({
      property,
      message: INTL_MESSAGE,
    })),
  ],
};
/** Everything a public page's bundle holds: browser code and the pure modules it renders with. */
const RENDERED_FILES = [
  "src/components/**",
  "src/templates/**",
  "src/hooks/**",
  "src/runtime/**",
  "src/pages/**",
  "src/wrapPageElement.tsx",
  "gatsby-browser.tsx",
  "src/content/**",
  "src/forms/**",
  "src/texts/**",
  "src/schedule/week.ts",
  "src/seo/**",
  "src/navigation.ts",
  "src/routes.ts",
  "src/sitemapTree.ts",
  "src/filterOptions.ts",
  "src/sectionPages.ts",
];
const BROWSER_FILES = [
  "src/components/**",
  "src/templates/**",
  "src/hooks/**",
  "src/runtime/**",
  "src/pages/**",
  "src/cms/**",
  "src/ssr/**",
  "src/staff/**",
  "src/wrapPageElement.tsx",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
];
const PURE_FILES = [
  "src/forms/**",
  "src/desk/**",
  "src/texts/**",
  "src/content/**",
  "src/intro/**",
  "src/schedule/**",
  "src/seo/**",
  "src/navigation.ts",
  "src/routes.ts",
  "src/redirects.ts",
  "src/sitemapTree.ts",
  "src/analyticsIds.ts",
  "src/analyticsScope.ts",
  "src/filterOptions.ts",
  "src/sectionPages.ts",
  "src/headers.ts",
  "src/time/**",
];

/** Every file that imports the project's modules, where an import cycle could start. */
const PROJECT_FILES = [
  "src/**",
  "host/**",
  "scripts/**",
  "netlify/**",
  "server-options/**",
  "tests/**",
  "gatsby-*.{ts,tsx}",
  "playwright.config.ts",
];
const IMPORT_X = {
  plugins: { "import-x": importX },
  settings: {
    // Without these the rules read only .js files, and an import in TypeScript passes unseen.
    "import-x/extensions": [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"],
    "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".mts", ".cts"] },
    "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
  },
};
// A cycle makes a module's exports undefined while the other one loads, depending on which is
// imported first (the content rules and their cross-checks once had one). Type-only imports are
// erased, so they are not counted.
const noCycle = { files: PROJECT_FILES, ...IMPORT_X, rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] } };

/**
 * The server's layers (docs/architecture.md, "The server's floor plan"), by the file an import leads
 * to, type imports included. The floor (the top files, store/, process/, outbox/, http/, in that order)
 * imports no feature and not app/; each feature imports only the features below it; only app/ imports
 * every feature. The console's browser code is not the server's: what both use is the desk's (src/desk/).
 */
const SERVER = "src/server";
const FEATURES = ["staff", "texts", "forms", "reports", "leads", "intro", "privacy", "kids"];
/** The features in layers, lowest first: a feature imports only those of the layers below its own. */
const FEATURE_LAYERS = [["staff", "texts"], ["forms", "reports"], ["leads"], ["intro", "privacy", "kids"]];
const under = (...folders) => folders.map((folder) => `${SERVER}/${folder}`);
const LAYER_MESSAGE = "docs/architecture.md, The server's floor plan";
const floorZone = (target, mayNot, what) => ({
  target,
  from: under(...mayNot),
  message: `${what} (${LAYER_MESSAGE}).`,
});
const SERVER_ZONES = [
  {
    target: SERVER,
    from: "src/staff",
    message: "The server never imports the console's browser code: what both use lives in src/desk/ (docs/architecture.md).",
  },
  floorZone(
    `${SERVER}/*.ts`,
    ["store", "process", "outbox", "http", "app", ...FEATURES],
    "The server's top files are the ground: they import nothing of the server's folders",
  ),
  floorZone(
    under("store"),
    ["process", "outbox", "http", "app", ...FEATURES],
    "The store imports only the top files: no feature, not app/",
  ),
  floorZone(under("process"), ["outbox", "http", "app", ...FEATURES], "process/ stands on the store: no feature, not app/"),
  floorZone(
    under("outbox"),
    ["process", "http", "app", ...FEATURES],
    "The outbox is given its kinds of message by app/: it imports no feature",
  ),
  floorZone(
    under("http"),
    ["outbox", "app", ...FEATURES],
    "The request pipeline is given the store and the limits by app/: it imports no feature",
  ),
  ...FEATURE_LAYERS.flatMap((layer, index) =>
    layer.map((feature) =>
      floorZone(
        under(feature),
        [
          ...FEATURE_LAYERS.slice(index)
            .flat()
            .filter((other) => other !== feature),
          "app",
        ],
        `${feature}/ imports only the features below it (${FEATURE_LAYERS.slice(0, index).flat().join(", ") || "none"}), never app/`,
      ),
    ),
  ),
];
const serverLayers = {
  files: ["src/server/**"],
  ...IMPORT_X,
  rules: { "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: SERVER_ZONES }] },
};

export default tseslint.config(
  {
    ignores: [
      "public/",
      ".cache/",
      ".netlify/",
      "node_modules/",
      "bench/",
      "screenshots/",
      "test-results/",
      "tests/.tmp/",
      "src/gatsby-types.d.ts",
      "plugins/decap-admin/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // `typeof import("…")` types a module that is loaded lazily, which a type import cannot express.
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
    },
  },
  { files: ["**/*.cjs"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  {
    files: ["src/**/*.tsx", "src/hooks/**", "gatsby-browser.tsx", "gatsby-ssr.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  { files: ["src/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  { files: BROWSER_FILES, rules: { ...restrict(SERVER_CODE), ...noLazyServerCode, ...noStaticValidator } },
  { files: ["src/api/**"], rules: restrict(PAGE_CODE) },
  { files: ["src/node/**"], rules: restrict(BROWSER_CODE) },
  { files: PURE_FILES, rules: restrict(SERVER_CODE, FRAMEWORKS) },
  { files: PROJECT_FILES, ignores: ["tests/**", ...TIME_FILES], rules: timeInOneModule },
  { files: RENDERED_FILES, rules: noIntl },
  noCycle,
  serverLayers,
  prettier,
);
