/**
 * The web editor at /admin/, built by gatsby-plugin-decap-cms's own build hooks. Only its build hooks:
 * the plugin's gatsby-browser.js (Netlify Identity redirects, which this site does not use) would
 * otherwise be bundled into every public page.
 */
const decap = require("gatsby-plugin-decap-cms/gatsby-node");

/** The editor's page in the site's HTML style (checked by html-validate like every page), in English. */
const page = ({ htmlWebpackPlugin }) => `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<meta name="robots" content="none"/>
<title>${htmlWebpackPlugin.options.title}</title>
</head>
<body></body>
</html>
`;

exports.onCreateWebpackConfig = (args, options) =>
  decap.onCreateWebpackConfig(args, {
    ...options,
    customizeWebpackConfig: (config, helpers) => {
      const html = config.plugins.find((plugin) => plugin.constructor.name === "HtmlWebpackPlugin");
      // The page carries its own robots meta, so the plugin's is dropped.
      Object.assign(html.options, { templateContent: page, minify: false, xhtml: true, meta: {} });
      // The editor's vendor files (decap-cms-app.js, React's UMD builds) are copied as their makers
      // minified them. Unmarked, Terser minified the 4.5 MB editor again on every build: about 44 s of
      // one core here, for 13 KB, and a file that no longer matched its own source map.
      const copy = config.plugins.find((plugin) => plugin.constructor.name === "CopyPlugin");
      if (!copy) throw new Error("plugins/decap-admin: gatsby-plugin-decap-cms no longer copies its vendor files with CopyPlugin");
      for (const pattern of copy.patterns) pattern.info = { minimized: true };
      options.customizeWebpackConfig?.(config, helpers);
    },
  });
exports.onCreateDevServer = decap.onCreateDevServer;
