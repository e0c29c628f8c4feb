import { MANY_FILE_SCHEMAS, ONE_FILE_SCHEMAS } from "../content/kinds";
import type { Waiver } from "../content/schemas";
import { eventSlug } from "../content/eventTimes";
import { firstVisitFacts, startSteps, type FirstVisitInput } from "../content/firstVisit";
import { announcementSlug } from "../content/slugs";
import { waiverVersion } from "../server/waiver";
import { contentTypeDefs, type ContentTypeSpec } from "./graphqlTypes";

/**
 * The GraphQL schema of content/: one node type per kind of file, each derived from its content
 * schema (src/content/schemas.ts) so the types, their nullability and the build's checks cannot
 * disagree. Only the names of the object types inside are given here.
 */

interface JsonType extends ContentTypeSpec {
  /**
   * One file rather than one per folder: its root field (siteJson) is non-null, since the content
   * checks require the file, so queries need no "missing file" branch.
   */
  single: boolean;
}

/** The JSON files; gatsby-config names each type after its file (site.json -> SiteJson). */
const JSON_TYPES: readonly JsonType[] = [
  {
    type: "SiteJson",
    single: true,
    schema: ONE_FILE_SCHEMAS.site,
    objects: { address: "SiteAddress", hours: "SiteHours", social: "SiteSocial" },
  },
  {
    type: "IntroJson",
    single: true,
    schema: ONE_FILE_SCHEMAS.intro,
    objects: { coaches: "IntroCoach", "coaches.windows": "IntroWindow", blackouts: "IntroBlackout" },
  },
  { type: "ScheduleJson", single: true, schema: ONE_FILE_SCHEMAS.schedule, objects: { slots: "ScheduleSlot" } },
  { type: "RatesJson", single: true, schema: ONE_FILE_SCHEMAS.rates, objects: { plans: "RatePlan" } },
  { type: "PoliciesJson", single: true, schema: ONE_FILE_SCHEMAS.policies },
  { type: "PrivacyJson", single: true, schema: ONE_FILE_SCHEMAS.privacy },
  { type: "WaiverJson", single: true, schema: ONE_FILE_SCHEMAS.waiver },
  { type: "VisitJson", single: true, schema: ONE_FILE_SCHEMAS.visit },
  {
    type: "TestimonialsJson",
    single: true,
    schema: ONE_FILE_SCHEMAS.testimonials,
    objects: { testimonials: "Testimonial", googleRating: "GoogleRating" },
  },
  // gatsby-transformer-json keeps a file's own id as jsonId: a node's id is Gatsby's.
  {
    type: "GalleryJson",
    single: false,
    schema: MANY_FILE_SCHEMAS.galleries,
    renamed: { id: "jsonId" },
    objects: { images: "GalleryImage" },
  },
];

export interface MarkdownCollection extends ContentTypeSpec {
  /** The folder in content/ whose markdown files become nodes of this type. */
  folder: string;
  /** The node's slug, from its file's name. */
  slug(fileName: string): string;
}

const fileName = (name: string) => name;

/**
 * The markdown folders. Each file becomes a node of its folder's type (src/node/markdownNodes.ts),
 * with its frontmatter as fields, a slug and the html of its body.
 */
export const MARKDOWN_COLLECTIONS: readonly MarkdownCollection[] = [
  { type: "Announcement", folder: "announcements", schema: MANY_FILE_SCHEMAS.announcements, slug: announcementSlug },
  { type: "Event", folder: "events", schema: MANY_FILE_SCHEMAS.events, slug: eventSlug },
  { type: "Program", folder: "programs", schema: MANY_FILE_SCHEMAS.programs, slug: fileName, objects: { faq: "Faq" } },
  { type: "Page", folder: "pages", schema: MANY_FILE_SCHEMAS.pages, slug: fileName },
  { type: "Coach", folder: "coaches", schema: MANY_FILE_SCHEMAS.coaches, slug: fileName },
  { type: "Wod", folder: "wod", schema: MANY_FILE_SCHEMAS.wods, slug: fileName, objects: { parts: "WodPart" } },
];

export const typeDefs = [
  ...JSON_TYPES.map(contentTypeDefs),
  ...MARKDOWN_COLLECTIONS.map((collection) => contentTypeDefs({ ...collection, extraFields: { slug: "String!" } })),
  // Frontmatter is read through the collections' types only, never as MarkdownRemark's untyped guess.
  "type MarkdownRemark implements Node @dontInfer {\n  id: ID!\n}",
  // The way in and the first visit, worded at build time (the Query fields below).
  "type FactLink {\n  href: String!\n  text: String!\n}",
  "type FirstVisitFact {\n  id: String!\n  label: String!\n  text: String!\n  link: FactLink\n}",
  "type StartStep {\n  title: String!\n  price: String!\n  link: FactLink!\n}",
].join("\n");

/** What a resolver is handed, described only as far as used here (graphql is Gatsby's dependency, not ours). */
interface ResolverContext {
  nodeModel: {
    getNodeById(args: { id: string; type?: string }): unknown;
    findOne(args: { type: string; query: object }): Promise<unknown>;
  };
}
interface ResolverInfo {
  schema: { getType(name: string): unknown };
}
type Resolve = (source: unknown, args: unknown, context: ResolverContext, info: ResolverInfo) => unknown;

/** A collection node's html: gatsby-transformer-remark renders it from the MarkdownRemark node it was made from. */
const markdownHtml = {
  type: "String!",
  resolve(source: { parent: string }, args: unknown, context: ResolverContext, info: ResolverInfo) {
    const markdown = context.nodeModel.getNodeById({ id: source.parent, type: "MarkdownRemark" });
    const type = info.schema.getType("MarkdownRemark") as { getFields(): Record<string, { resolve?: Resolve } | undefined> };
    const resolve = type.getFields().html?.resolve;
    if (!resolve) throw new Error("MarkdownRemark has no html field: is gatsby-transformer-remark in gatsby-config?");
    return resolve(markdown, args, context, info);
  },
};

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/**
 * What the first-visit block and "Start here" say, read from the content nodes (so a page that shows
 * them is built again when one of those files changes). Worded here, at build time, rather than in the
 * page's component: the words and the code that chooses them stay out of the browser's JavaScript.
 */
async function firstVisitInput(context: ResolverContext): Promise<FirstVisitInput> {
  const [site, visit, intro, rates, policies] = await Promise.all(
    ["SiteJson", "VisitJson", "IntroJson", "RatesJson", "PoliciesJson"].map((type) => context.nodeModel.findOne({ type, query: {} })),
  );
  if (!site || !visit || !intro || !rates || !policies)
    throw new Error("a content file of the first visit is missing (the content checks require each)");
  return { site, visit, intro, plans: (rates as { plans: FirstVisitInput["plans"] }).plans, policies } as FirstVisitInput;
}

export const resolvers = {
  Query: {
    // Gatsby's own root field and resolver (siteJson for SiteJson), declared non-null.
    ...Object.fromEntries(JSON_TYPES.filter((json) => json.single).map((json) => [lowerFirst(json.type), { type: `${json.type}!` }])),
    firstVisitFacts: {
      type: "[FirstVisitFact!]!",
      resolve: async (_source: unknown, _args: unknown, context: ResolverContext) => firstVisitFacts(await firstVisitInput(context)),
    },
    startSteps: {
      type: "[StartStep!]!",
      resolve: async (_source: unknown, _args: unknown, context: ResolverContext) => startSteps((await firstVisitInput(context)).plans),
    },
  },
  ...Object.fromEntries(MARKDOWN_COLLECTIONS.map((collection) => [collection.type, { html: markdownHtml }])),
  /**
   * The waiver's version (the hash each sign-up stores) is computed here, at build time, by the same
   * function the server uses, so the page and the server always agree on what a text's version is.
   */
  WaiverJson: {
    version: { type: "String!", resolve: (source: Waiver) => waiverVersion(source) },
  },
};
