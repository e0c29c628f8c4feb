/**
 * The web editor at /admin/, built by gatsby-plugin-decap-cms's own build hooks. Only its build hooks:
 * the plugin's gatsby-browser.js (Netlify Identity redirects, which this site does not use) would
 * otherwise be bundled into every public page.
 */
const decap = require("gatsby-plugin-decap-cms/gatsby-node");

exports.onCreateWebpackConfig = decap.onCreateWebpackConfig;
exports.onCreateDevServer = decap.onCreateDevServer;
