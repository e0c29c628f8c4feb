import type { GatsbyConfig } from "gatsby";
import netlifyAdapter from "gatsby-adapter-netlify";
import { PRIVACY_CONFIRM_PATH } from "./src/forms/privacyConfirmPath";
import { KIDS_TRIAL_CANCEL_PATH } from "./src/schedule/trialCancelPath";
import { gatsbyHeaders } from "./src/headers";
import { cmsSettings } from "./src/node/cmsSettings";
import { contentDir } from "./src/node/contentFiles";
import { editorHeadersInDevelop } from "./src/node/editorInDevelop";
import { siteUrl } from "./src/node/siteUrl";

const upperFirst = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

// A missing or malformed setting is reported once by gatsby-node (onPreBootstrap).
const cms = cmsSettings();

const config: GatsbyConfig = {
  siteMetadata: {
    siteUrl: siteUrl(),
  },
  trailingSlash: "always",
  // On Netlify: real 301s for createRedirect, the headers below and the form functions. Other hosts
  // serve public/ as it is (docs/operations.md, Self-hosting behind nginx).
  adapter: netlifyAdapter({ excludeDatastoreFromEngineFunction: true }),
  // Applied by the adapter; the Content-Security-Policy is added by the build (src/node/csp.ts).
  headers: gatsbyHeaders(),
  // `npm run cms`: the editor under its own policy, its local backend let in (never in a build).
  developMiddleware: editorHeadersInDevelop,
  jsxRuntime: "automatic",
  graphqlTypegen: {
    typesOutputPath: "src/gatsby-types.d.ts",
    generateOnBuild: true,
  },
  plugins: [
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "content", path: contentDir() },
    },
    "gatsby-transformer-remark",
    {
      resolve: "gatsby-transformer-json",
      // site.json -> SiteJson, gallery.json -> GalleryJson (the default would name types by folder).
      options: { typeName: ({ node }: { node: { name: string } }) => `${upperFirst(node.name)}Json` },
    },
    "gatsby-plugin-image",
    {
      resolve: "gatsby-plugin-sharp",
      options: {
        // WebP and the original's format, no AVIF. Every browser the site supports shows WebP, and the
        // AVIF renditions sharp made at the same quality were larger than the WebP ones at every width
        // (the gallery's and programs' photos: 4.5 MB against 2.3 MB in all; the 1,920 px hero 183 KB
        // against 100 KB), so AVIF-capable browsers, which pick the first source, downloaded more.
        // They also took seven times the CPU to encode (about 80 of the build's 190 s here).
        defaults: {
          formats: ["auto", "webp"],
          placeholder: "dominantColor",
          quality: 70,
        },
      },
    },
    "gatsby-transformer-sharp",
    // Google Analytics and Tag Manager are no plugins: gatsby-ssr writes their tags and gatsby-browser
    // counts page views (src/ssr/analyticsTags.tsx says why), from GATSBY_GA_MEASUREMENT_ID and GATSBY_GTM_ID.
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        excludes: [
          "/404/",
          "/404.html",
          "/dev-404-page/",
          "/staff/",
          "/staff/**",
          "/intro/cancel/",
          KIDS_TRIAL_CANCEL_PATH,
          PRIVACY_CONFIRM_PATH,
        ],
      },
    },
    {
      // The web editor at /admin/ (plugins/decap-admin): its own bundle, nothing added to the public pages.
      resolve: "decap-admin",
      options: {
        modulePath: `${__dirname}/src/cms/cms.tsx`,
        manualInit: true,
        enableIdentityWidget: false,
        htmlTitle: "Content editor",
        customizeWebpackConfig: (webpackConfig: { plugins: unknown[] }, { plugins }: { plugins: { define(values: object): unknown } }) => {
          webpackConfig.plugins.push(plugins.define({ CMS_BACKEND: JSON.stringify(cms.settings) }));
        },
      },
    },
  ],
};

export default config;
