import { z } from "zod";
import { DAYS, isClock, isLocalDateTime, toIsoDate } from "./dates";
import { MAP_POSITION_MESSAGE, parseMapPosition } from "./mapPosition";
import { TITLE_MAX } from "../seo/meta";
import { isTimeZone } from "../time/intl";
import { PAYMENT_LINK, PAYMENT_LINK_MESSAGE } from "./paymentLink";

/**
 * The content model: one schema per kind of file in content/, the one declaration of its fields. Pure
 * (zod only), so the build's content checks, the unit tests and the forms all use the same
 * definitions; the GraphQL types are derived from them (src/node/schema.ts) and the web editor's
 * fields are checked against them (tests/unit/cms/config.test.ts).
 */

const text = (max: number) => z.string().trim().min(1, "is required").max(max, `must be at most ${max} characters`);
/** Patterns the web editor (src/cms/config.ts) checks too, so staff see the build's rule as they type. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = 'must be lowercase letters, digits and dashes (like "drop-in")';
export const PHONE = /^\+1-\d{3}-\d{3}-\d{4}$/;
export const PHONE_MESSAGE = "must look like +1-253-555-0142";
export const IMAGE_FILE = /\.(jpe?g|png|webp|avif)$/i;
export const ALT_MIN = 5;
const slug = z.string().regex(SLUG, SLUG_MESSAGE);
const clock = z.string().refine(isClock, 'must be a 24-hour time like "05:00" or "17:30"');
/** A date written YYYY-MM-DD (the GraphQL schema and the editor know it as a date: src/content/fieldTable.ts). */
export const isoDate = z
  .unknown()
  .superRefine((value, ctx) => {
    if (value === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "is required" });
    else if (toIsoDate(value) === undefined)
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "must be a real date written YYYY-MM-DD" });
  })
  .transform((value) => toIsoDate(value) as string);
/**
 * A wall-clock time at the gym, written "YYYY-MM-DD HH:MM" in its time zone (site.json), never with
 * an offset: staff write the time on the gym's clock and the build works out the offset for that day.
 */
export const localDateTime = z
  .unknown()
  .superRefine((value, ctx) => {
    if (value === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "is required" });
    else if (typeof value !== "string" || !isLocalDateTime(value.trim()))
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be a real date and 24-hour time like "2026-11-26 09:00"' });
  })
  // A bad value is reported above; undefined keeps the checks that compare times from adding a second problem.
  .transform((value) => (typeof value === "string" && isLocalDateTime(value.trim()) ? value.trim() : (undefined as unknown as string)));
/** An image file, relative to the content file that names it (a File in the GraphQL schema). */
export const imagePath = z.string().regex(IMAGE_FILE, "must be a .jpg, .png, .webp or .avif file path");
const altText = z.string().trim().min(ALT_MIN, `needs real alt text describing the image (at least ${ALT_MIN} characters)`);
const url = z.string().url("must be a full URL starting with https://");
export const PRICE_RANGES = ["$", "$$", "$$$", "$$$$"] as const;
export const day = z.enum(DAYS, { message: `must be one of ${DAYS.join(", ")}` });

export const siteSchema = z
  .object({
    name: text(80),
    tagline: text(160),
    url,
    phone: z.string().regex(PHONE, PHONE_MESSAGE),
    email: z.string().email("must be an e-mail address"),
    address: z
      .object({
        street: text(120),
        locality: text(80),
        region: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter state code like WA"),
        postalCode: z.string().regex(/^\d{5}$/, "must be a five-digit ZIP code"),
        country: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code like US"),
      })
      .strict(),
    // Optional: without it the markup gives the address alone (the web editor writes "" once emptied).
    mapPosition: z
      .string()
      .refine((position) => position.trim() === "" || parseMapPosition(position) !== null, MAP_POSITION_MESSAGE)
      .optional(),
    // Any zone Intl knows, for "today at the gym" on pages and forms. The build also checks that the
    // calendar files carry current rules for it (checkTimeZone in crossChecks.ts, kept out of the web editor's bundle).
    timeZone: z.string().refine(isTimeZone, (zone) => ({
      message: `${JSON.stringify(zone)} is not a time zone: use an IANA name such as "America/Denver"`,
    })),
    hours: z
      .array(
        z
          .object({ days: z.array(day).min(1, "needs at least one day"), opens: clock, closes: clock })
          .strict()
          .refine((h) => !isClock(h.opens) || !isClock(h.closes) || h.closes > h.opens, {
            message: "closes must be later than opens",
            path: ["closes"],
          }),
      )
      .min(1, "needs at least one entry"),
    payment: z.array(text(40)).min(1, "needs at least one payment method"),
    priceRange: z.enum(PRICE_RANGES, { message: "must be $, $$, $$$ or $$$$" }),
    social: z.array(z.object({ name: text(40), url }).strict()),
  })
  .strict();

/** The most free trial seats one class may offer: a class is small, and a typo of 60 would be refused. */
export const TRIAL_SEATS_MAX = 20;

/**
 * One weekly class. `trialSeats`: how many free trial seats each of its classes offers parents (the
 * kids' trial class, src/server/kids/); none, no trial in that class.
 */
export const scheduleSlotSchema = z
  .object({
    day,
    start: clock,
    end: clock,
    program: slug,
    coach: text(40).optional(),
    trialSeats: z
      .number()
      .int("must be a whole number of seats")
      .min(1, "must be at least 1")
      .max(TRIAL_SEATS_MAX, `must be at most ${TRIAL_SEATS_MAX}`)
      .optional(),
  })
  .strict();
export const scheduleSchema = z.object({ slots: z.array(scheduleSlotSchema) }).strict();

export const PERIODS = ["month", "week", "visit", "program"] as const;
export const planSchema = z
  .object({
    id: slug,
    name: text(60),
    price: z.number({ message: "is required and must be a number of dollars" }).nonnegative("cannot be negative"),
    period: z.enum(PERIODS, { message: `must be one of ${PERIODS.join(", ")}` }),
    description: text(300),
    program: slug,
    highlight: z.boolean().optional(),
    /** The price counts towards the first month of a membership (Foundations): "Start here" and the first visit say so. */
    creditedToFirstMonth: z.boolean().optional(),
    // Where "Pay now" leads once a sign-up for this plan (or, on the drop-in plan, a drop-in) is sent;
    // optional: without it the confirmation says a coach sets up payment. The web editor writes "" for
    // a link staff emptied, which means none.
    paymentLink: z
      .string()
      .refine((link) => link === "" || PAYMENT_LINK.test(link), PAYMENT_LINK_MESSAGE)
      .optional(),
  })
  .strict();
export const ratesSchema = z
  .object({
    currency: z.literal("USD", { message: "must be USD" }),
    plans: z.array(planSchema).min(1, "needs at least one plan"),
    notes: z.array(text(200)),
  })
  .strict();

const days = z.number().int("must be a whole number of days").nonnegative("cannot be negative");
const dollars = z.number().nonnegative("cannot be negative");
export const policiesSchema = z
  .object({
    holdNoticeDays: days,
    minHoldDays: days.min(1, "must be at least 1"),
    maxHoldDays: days.min(1, "must be at least 1"),
    maxHoldsPerYear: z.number().int().min(1, "must be at least 1"),
    cancellationNoticeDays: days,
    holdFee: dollars,
    cancellationFee: dollars,
    reactivationFee: dollars,
    /** What joining costs beyond the first month's price (0: "No sign-up fee"). */
    signUpFee: dollars,
  })
  .strict()
  .refine((p) => p.maxHoldDays >= p.minHoldDays, {
    message: "must be at least minHoldDays",
    path: ["maxHoldDays"],
  });

const months = z.number().int("must be a whole number of months").min(1, "must be at least 1");

/**
 * Privacy duties in numbers: how long each kind of message is kept (the daily purge applies them),
 * and the days staff have to answer a privacy request. The privacy pages show them as placeholders.
 */
export const privacySchema = z
  .object({
    requestResponseDays: days
      .min(1, "must be at least 1")
      .max(45, "must be at most 45: Washington's My Health My Data Act gives 45 days to answer"),
    spamDays: days.min(1, "must be at least 1"),
    contactMonths: months,
    introMonths: months,
    /** A kids' trial class holds a child's first name and age: kept a shorter time than an adult's intro. */
    kidsTrialMonths: months,
    requestMonths: months,
    dropInMonths: months,
    /**
     * Texts kept on no form: those of a person made by a text alone, and STOP, START or HELP from a
     * number that is nobody's (a person's other texts go with the person).
     */
    textMonths: months,
    /**
     * The consent ledger, after a number's last event, once no text of the number is kept: evidence of
     * consent while a claim can still be brought (the TCPA's is four years).
     */
    textConsentMonths: months,
  })
  .strict();

/** The waiver shown on the sign-up and drop-in forms; every version accepted is kept with the submission. */
export const waiverSchema = z.object({ paragraphs: z.array(text(1000)).min(1, "needs at least one paragraph") }).strict();

export const announcementSchema = z
  .object({
    title: text(TITLE_MAX),
    date: isoDate,
    summary: text(240),
    image: imagePath.optional(),
    imageAlt: altText.optional(),
    expires: isoDate.optional(),
  })
  .strict()
  .refine((a) => !a.image || a.imageAlt, { message: "is required when image is set", path: ["imageAlt"] })
  .refine((a) => !a.expires || a.expires > a.date, {
    message: "must be after the announcement's date",
    path: ["expires"],
  });

/** A web address for visitors: a full http(s) URL, or a page of this site written as its path ("/contact/"). */
export const link = z.string().refine(isLink, 'must be a full URL starting with https:// or a page of this site like "/contact/"');
function isLink(value: string): boolean {
  if (/^\/(?!\/)\S*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

export const eventSchema = z
  .object({
    title: text(TITLE_MAX),
    start: localDateTime,
    end: localDateTime.optional(),
    /** Where, when not at the gym: the place's name and its address on one line. */
    place: text(80).optional(),
    placeAddress: text(160).optional(),
    price: z.number({ message: "is required and must be a number of dollars (0 for free)" }).nonnegative("cannot be negative"),
    /** Who pays what, when one price does not say it all ("Free for members"). */
    priceNote: text(120).optional(),
    registerUrl: link.optional(),
    /** When sign-up opens, if not already: Google's offers.validFrom. */
    signUpOpens: localDateTime.optional(),
    summary: text(240),
    image: imagePath.optional(),
    imageAlt: altText.optional(),
  })
  .strict()
  .refine((e) => !e.image || e.imageAlt, { message: "is required when image is set", path: ["imageAlt"] })
  .refine((e) => !e.place || e.placeAddress, { message: "is required when place is set", path: ["placeAddress"] })
  .refine((e) => !e.placeAddress || e.place, { message: "is required when placeAddress is set", path: ["place"] })
  .refine((e) => !e.end || !e.start || e.end > e.start, { message: "must be after start", path: ["end"] })
  .refine((e) => !e.signUpOpens || !e.start || e.signUpOpens < e.start, { message: "must be before start", path: ["signUpOpens"] });

export const programSchema = z
  .object({
    key: slug,
    title: text(80),
    tagline: text(160),
    audience: text(120),
    order: z.number().int(),
    hero: imagePath,
    heroAlt: altText,
    highlights: z.array(text(200)).min(1, "needs at least one highlight"),
    faq: z.array(z.object({ question: text(200), answer: text(800) }).strict()),
    /** The days new groups start (Foundations); the page shows the next few from the gym's today. */
    starts: z.array(isoDate).optional(),
  })
  .strict();

/** One coach (content/coaches/<slug>.md; the body is the bio). */
export const coachSchema = z
  .object({
    name: text(40),
    photo: imagePath,
    photoAlt: altText,
    certifications: z.array(text(80)),
    programs: z.array(slug).min(1, "needs at least one program"),
    order: z.number().int("must be a whole number"),
  })
  .strict();

export const pageSchema = z
  .object({
    title: text(TITLE_MAX),
    headline: text(80).optional(),
    lead: text(240).optional(),
    hero: imagePath.optional(),
    heroAlt: altText.optional(),
  })
  .strict()
  .refine((page) => !page.hero || page.heroAlt, { message: "is required when hero is set", path: ["heroAlt"] });

export const CATEGORIES = ["branding", "events", "bts"] as const;
export const galleryImageSchema = z
  // fullSrc: a larger copy for the lightbox, only when it is a different file from src.
  .object({ id: slug, src: imagePath, alt: altText, fullSrc: imagePath.optional() })
  .strict();
export const gallerySchema = z
  .object({
    id: slug,
    name: text(80),
    description: text(300),
    category: z.enum(CATEGORIES, { message: `must be one of ${CATEGORIES.join(", ")}` }),
    order: z.number().int().optional(),
    thumbnail: slug,
    images: z.array(galleryImageSchema).min(1, "needs at least one image"),
  })
  .strict();

/** "Linda R." or "Linda R": a name ending in an initial, which reads as made up. */
const ENDS_IN_INITIAL = /(^|\s)\p{L}\.?$/u;
/**
 * A member's review: shown on the home page, and on the pages of the programs it names. The name is
 * the member's first name in full, as they posted it; postedOn says where (Google, Facebook, ...), so
 * a visitor can find it there.
 */
export const testimonialSchema = z
  .object({
    quote: text(400),
    name: text(40).refine((name) => !ENDS_IN_INITIAL.test(name.trim()), 'must be a first name in full, like "Linda", with no initial'),
    memberSince: z
      .number({ message: "is required and must be a year like 2023" })
      .int("must be a year like 2023")
      .min(1900, "must be a year like 2023"),
    postedOn: text(40),
    programs: z.array(slug).optional(),
  })
  .strict();
/** The gym's rating on Google as staff read it there, with the address of its reviews: shown beside the reviews. */
export const googleRatingSchema = z
  .object({
    rating: z
      .number({ message: "is required and must be a number like 4.8" })
      .min(1, "must be from 1 to 5")
      .max(5, "must be from 1 to 5")
      .refine((rating) => Number.isInteger(Math.round(rating * 10 * 1e6) / 1e6), "must have one decimal at most, like 4.8"),
    count: z.number({ message: "is required and must be a whole number" }).int("must be a whole number").min(1, "must be at least 1"),
    url,
  })
  .strict();
export const testimonialsSchema = z
  .object({ googleRating: googleRatingSchema.optional(), testimonials: z.array(testimonialSchema) })
  .strict();

const window = z.object({ day, from: clock, to: clock }).strict();
export const introSchema = z
  .object({
    name: text(80),
    summary: text(300),
    whatToBring: text(300),
    slotMinutes: z.number().int("must be a whole number of minutes").min(15, "must be at least 15").max(120, "must be at most 120"),
    horizonDays: z.number().int("must be a whole number of days").min(1, "must be at least 1").max(90, "must be at most 90"),
    noticeHours: z.number().int("must be a whole number of hours").min(0, "cannot be negative").max(168, "must be at most 168 (a week)"),
    coaches: z
      .array(z.object({ name: text(40), windows: z.array(window).min(1, "needs at least one window") }).strict())
      .min(1, "needs at least one coach"),
    blackouts: z.array(z.object({ date: isoDate, reason: text(80), coach: text(40).optional() }).strict()),
  })
  .strict();

/**
 * What only staff know of a first visit (content/visit.json): where to park, which door, and the answer
 * to "do I need to be fit?". The first-visit block around it reads the address, the intro, the prices
 * and the rules from their own files (src/content/firstVisit.ts).
 */
export const visitSchema = z
  .object({
    parking: text(300),
    door: text(300),
    fitness: text(400),
    /** What a child brings to a kids' trial class, and when to come: the parent's confirmation and reminder say it. */
    kidsBring: text(300),
  })
  .strict();

/** One version of a workout part: plain text, line breaks kept (no markdown: it is shown as written). */
const wodText = z.string().trim().min(1, "is required").max(600, "must be at most 600 characters");
export const wodPartSchema = z.object({ name: text(40), rx: wodText, scaled: wodText, foundations: wodText }).strict();
/** A workout of the day (content/wod/YYYY-MM-DD.md); its file name and date agree (src/content/wodRules.ts). */
export const wodSchema = z
  .object({
    date: isoDate,
    title: text(80),
    parts: z.array(wodPartSchema).min(1, "needs at least one part"),
    coachNotes: wodText.optional(),
  })
  .strict();

export type SiteInfo = z.infer<typeof siteSchema>;
export type ScheduleSlot = z.infer<typeof scheduleSlotSchema>;
export type Schedule = z.infer<typeof scheduleSchema>;
export type Plan = z.infer<typeof planSchema>;
export type Rates = z.infer<typeof ratesSchema>;
export type Policies = z.infer<typeof policiesSchema>;
export type Privacy = z.infer<typeof privacySchema>;
export type Waiver = z.infer<typeof waiverSchema>;
export type Announcement = z.infer<typeof announcementSchema>;
export type GymEvent = z.infer<typeof eventSchema>;
export type Program = z.infer<typeof programSchema>;
export type Gallery = z.infer<typeof gallerySchema>;
export type Testimonials = z.infer<typeof testimonialsSchema>;
export type Intro = z.infer<typeof introSchema>;
export type Coach = z.infer<typeof coachSchema>;
export type Wod = z.infer<typeof wodSchema>;
export type Visit = z.infer<typeof visitSchema>;
