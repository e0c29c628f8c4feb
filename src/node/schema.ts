import type { Waiver } from "../content/schemas";
import { waiverVersion } from "../server/waiver";

/**
 * Every content type, declared so the GraphQL schema (and the generated TypeScript types) never depend
 * on what happens to be in content/ today: an empty folder or a missing optional field cannot break a
 * query. Image fields resolve to File nodes relative to the content file that names them.
 */
export const typeDefs = /* GraphQL */ `
  type SiteJson implements Node @dontInfer {
    name: String!
    tagline: String!
    url: String!
    phone: String!
    email: String!
    address: SiteAddress!
    geo: SiteGeo!
    timeZone: String!
    hours: [SiteHours!]!
    payment: [String!]!
    priceRange: String!
    social: [SiteSocial!]!
  }
  type SiteAddress {
    street: String!
    locality: String!
    region: String!
    postalCode: String!
    country: String!
  }
  type SiteGeo {
    lat: Float!
    lon: Float!
  }
  type SiteHours {
    days: [String!]!
    opens: String!
    closes: String!
  }
  type SiteSocial {
    name: String!
    url: String!
  }

  type IntroJson implements Node @dontInfer {
    name: String!
    summary: String!
    whatToBring: String!
    slotMinutes: Int!
    horizonDays: Int!
    noticeHours: Int!
    coaches: [IntroCoach!]!
    blackouts: [IntroBlackout!]!
  }
  type IntroCoach {
    name: String!
    windows: [IntroWindow!]!
  }
  type IntroWindow {
    day: String!
    from: String!
    to: String!
  }
  type IntroBlackout {
    date: String!
    reason: String!
    coach: String
  }

  type ScheduleJson implements Node @dontInfer {
    slots: [ScheduleSlot!]!
  }
  type ScheduleSlot {
    day: String!
    start: String!
    end: String!
    program: String!
    coach: String
  }

  type RatesJson implements Node @dontInfer {
    currency: String!
    plans: [RatePlan!]!
    notes: [String!]!
  }
  type RatePlan {
    id: String!
    name: String!
    price: Float!
    period: String!
    description: String!
    program: String!
    highlight: Boolean
  }

  type PoliciesJson implements Node @dontInfer {
    holdNoticeDays: Int!
    minHoldDays: Int!
    maxHoldDays: Int!
    maxHoldsPerYear: Int!
    cancellationNoticeDays: Int!
    holdFee: Float!
    cancellationFee: Float!
    reactivationFee: Float!
  }

  type PrivacyJson implements Node @dontInfer {
    requestResponseDays: Int!
    spamDays: Int!
    contactMonths: Int!
    introMonths: Int!
    requestMonths: Int!
  }

  type WaiverJson implements Node @dontInfer {
    paragraphs: [String!]!
  }

  type TestimonialsJson implements Node @dontInfer {
    testimonials: [Testimonial!]!
  }
  type Testimonial {
    quote: String!
    name: String!
    detail: String!
  }

  type GalleryJson implements Node @dontInfer {
    jsonId: String!
    name: String!
    description: String!
    category: String!
    order: Int
    thumbnail: String!
    images: [GalleryImage!]!
  }
  type GalleryImage {
    id: String!
    src: File! @fileByRelativePath
    alt: String!
    fullSrc: File @fileByRelativePath
  }

  type MarkdownRemark implements Node @dontInfer {
    frontmatter: Frontmatter!
    fields: MarkdownRemarkFields!
  }
  type MarkdownRemarkFields {
    collection: String!
    slug: String!
  }
  type Frontmatter {
    title: String!
    date: Date @dateformat
    summary: String
    image: File @fileByRelativePath
    imageAlt: String
    expires: Date @dateformat
    key: String
    tagline: String
    audience: String
    order: Int
    hero: File @fileByRelativePath
    heroAlt: String
    headline: String
    lead: String
    highlights: [String!]
    faq: [Faq!]
  }
  type Faq {
    question: String!
    answer: String!
  }
`;

/**
 * The waiver's version (the hash each sign-up stores) is computed here, at build time, by the same
 * function the server uses, so the page and the server always agree on what a text's version is.
 */
export const resolvers = {
  WaiverJson: {
    version: { type: "String!", resolve: (source: Waiver) => waiverVersion(source) },
  },
};
