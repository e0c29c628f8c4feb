import type { GatsbyConfig } from "gatsby";
import { contentDir } from "./src/node/contentFiles";
import { siteUrl } from "./src/node/siteUrl";

const upperFirst = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const config: GatsbyConfig = {
  siteMetadata: {
    siteUrl: siteUrl(),
  },
  trailingSlash: "always",
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
        defaults: {
          formats: ["auto", "webp", "avif"],
          placeholder: "dominantColor",
          quality: 70,
        },
      },
    },
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        excludes: ["/404/", "/404.html", "/dev-404-page/"],
      },
    },
  ],
};

export default config;
