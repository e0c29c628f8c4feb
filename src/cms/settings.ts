import { PERIODS, PHONE, PHONE_MESSAGE, PRICE_RANGES, TRIAL_SEATS_MAX } from "../content/schemas";
import { PAYMENT_LINK, PAYMENT_LINK_MESSAGE } from "../content/paymentLink";
import { DAYS } from "../content/dates";
import { MAP_POSITION, MAP_POSITION_MESSAGE } from "../content/mapPosition";
import {
  clock,
  date,
  day,
  list,
  listOf,
  longText,
  pattern,
  program,
  select,
  slug,
  stringList,
  text,
  webAddress,
  wholeNumber,
  type Collection,
  type Field,
} from "./fields";

const jsonFile = (name: string, label: string, file: string, fields: Field[]) => ({ name, label, file, fields });

/** The gym settings: one editor form per JSON file in content/. */
export const settings: Collection = {
  name: "settings",
  label: "Gym settings",
  editor: { preview: false },
  files: [
    jsonFile("schedule", "Class schedule", "content/schedule.json", [
      list(
        "slots",
        "Classes",
        [
          day(),
          clock("start", "Starts"),
          clock("end", "Ends"),
          program("program", "Program"),
          text("coach", "Coach (optional)", 40, { required: false }),
          wholeNumber("trialSeats", "Free trial seats per class (kids classes only; empty: no trial)", 1, TRIAL_SEATS_MAX, {
            required: false,
            hint: "Parents book a free trial class for their child online: how many seats each week's class keeps for trials.",
          }),
        ],
        {
          summary: "{{fields.day}} {{fields.start}}–{{fields.end}} {{fields.program}}",
        },
      ),
    ]),
    jsonFile("rates", "Rates", "content/rates.json", [
      { name: "currency", label: "Currency", widget: "hidden", default: "USD" } as Field,
      list(
        "plans",
        "Plans (the drop-in is a plan paid per visit)",
        [
          slug("id", "Id", "A short name, like drop-in; used in sign-up links."),
          text("name", "Name", 60),
          { name: "price", label: "Price in dollars", widget: "number", value_type: "float", min: 0, step: 1 } as Field,
          select("period", "Paid per", PERIODS),
          longText("description", "Description", 300),
          program("program", "Program"),
          { name: "highlight", label: "Highlight this plan", widget: "boolean", required: false } as Field,
          {
            name: "creditedToFirstMonth",
            label: "Credited to the first month of a membership",
            widget: "boolean",
            required: false,
            hint: "For Foundations: its price counts towards the first month, and Start here and the first-visit facts say so.",
          } as Field,
          {
            name: "paymentLink",
            label: "Stripe payment link (optional)",
            widget: "string",
            required: false,
            pattern: pattern(PAYMENT_LINK, PAYMENT_LINK_MESSAGE),
            hint: "Where “Pay now” leads once someone has signed up for this plan (on the drop-in: once a visitor has sent the drop-in form). In Stripe's dashboard open Payment Links, open this plan's link and press Copy, then paste it here (https://buy.stripe.com/...). Empty: the confirmation says a coach will set up payment.",
          } as Field,
        ],
        { min: 1, summary: "{{fields.name}}: ${{fields.price}} / {{fields.period}}" },
      ),
      stringList("notes", "Notes under the prices", 200),
    ]),
    jsonFile("policies", "Hold and cancellation rules", "content/policies.json", [
      wholeNumber("holdNoticeDays", "Days of notice for a hold", 0),
      wholeNumber("minHoldDays", "Shortest hold (days)", 1),
      wholeNumber("maxHoldDays", "Longest hold (days)", 1),
      wholeNumber("maxHoldsPerYear", "Holds per year", 1),
      wholeNumber("cancellationNoticeDays", "Days of notice to cancel", 0),
      { name: "holdFee", label: "Hold fee (dollars)", widget: "number", value_type: "float", min: 0 } as Field,
      { name: "cancellationFee", label: "Cancellation fee (dollars)", widget: "number", value_type: "float", min: 0 } as Field,
      { name: "reactivationFee", label: "Reactivation fee (dollars)", widget: "number", value_type: "float", min: 0 } as Field,
      {
        name: "signUpFee",
        label: "Sign-up fee (dollars)",
        widget: "number",
        value_type: "float",
        min: 0,
        hint: "0 reads as No sign-up fee, on the policies page and in the first-visit facts.",
      } as Field,
    ]),
    jsonFile("intro", "Free intro times", "content/intro.json", [
      text("name", "Name", 80),
      longText("summary", "Summary", 300),
      longText("whatToBring", "What to bring", 300),
      wholeNumber("slotMinutes", "Length of an intro (minutes)", 15, 120),
      wholeNumber("horizonDays", "Bookable how many days ahead", 1, 90),
      wholeNumber("noticeHours", "Hours of notice needed", 0, 168),
      list(
        "coaches",
        "Coaches",
        [
          text("name", "Coach", 40),
          list("windows", "Times", [day(), clock("from", "From"), clock("to", "To")], {
            min: 1,
            hint: "Keep some times after work (from about 17:00) and at lunch (12:00–13:00) every week: most people who book have a day job, and a week with only daytime intros loses them.",
            summary: "{{fields.day}} {{fields.from}}–{{fields.to}}",
          }),
        ],
        {
          min: 1,
          summary: "{{fields.name}}",
        },
      ),
      list(
        "blackouts",
        "Days with no intros",
        [date("date", "Date"), text("reason", "Reason", 80), text("coach", "Only this coach (optional)", 40, { required: false })],
        {
          summary: "{{fields.date}}: {{fields.reason}}",
        },
      ),
    ]),
    jsonFile("visit", "First visit: parking, door, fitness", "content/visit.json", [
      longText("parking", "Where to park", 300),
      longText("door", "Which door, and who meets them", 300),
      longText("fitness", 'Answer to "Do I need to be fit?"', 400),
      longText("kidsBring", "What a child brings to a kids' trial class, and when to come (in the parent's e-mails)", 300),
    ]),
    jsonFile("privacy", "Privacy: how long forms and texts are kept", "content/privacy.json", [
      wholeNumber("requestResponseDays", "Days to answer a privacy request (45 at most, by law)", 1, 45),
      wholeNumber("spamDays", "Delete spam after (days)", 1),
      wholeNumber("contactMonths", "Delete contact messages after (months)", 1),
      wholeNumber("introMonths", "Delete free-intro bookings after (months)", 1),
      wholeNumber("kidsTrialMonths", "Delete kids' trial class bookings (the child's first name and age) after (months)", 1),
      wholeNumber("requestMonths", "Delete privacy requests after (months)", 1),
      wholeNumber("dropInMonths", "Delete drop-in visits and their signed waivers after (months)", 1),
      wholeNumber(
        "textMonths",
        "Delete texts on no form (a person who only texted, a STOP or HELP from an unknown number) after (months)",
        1,
      ),
      wholeNumber(
        "textConsentMonths",
        "Delete a number's record of consent to texts after its last event or last text, once its texts are gone (months)",
        1,
      ),
    ]),
    jsonFile("waiver", "Sign-up waiver", "content/waiver.json", [
      // Paragraphs are long: each is a text area, not stringList's one-line box.
      stringList("paragraphs", "Paragraphs (each change is a new version; every version members accepted is kept)", 1000, {
        min: 1,
        field: longText("paragraph", "Paragraph", 1000),
      }),
    ]),
    jsonFile("testimonials", "Testimonials", "content/testimonials.json", [
      {
        name: "googleRating",
        label: "Google rating (optional)",
        widget: "object",
        required: false,
        collapsed: true,
        hint: "As Google shows it today: update it now and then, or remove it. Shown beside the reviews, with a link to them.",
        fields: [
          { name: "rating", label: "Stars (like 4.8)", widget: "number", value_type: "float", min: 1, max: 5, step: 0.1 } as Field,
          wholeNumber("count", "Number of reviews", 1),
          webAddress("url", "Address of the reviews on Google"),
        ],
      } as Field,
      list(
        "testimonials",
        "Testimonials (shown on the home page, and on the pages of the programs each names)",
        [
          longText("quote", "Quote", 400, { hint: "As the member posted it, with their permission." }),
          text("name", "First name, in full", 40, {
            hint: "Like Linda: no last name, and no initial (Linda R. reads as made up).",
          }),
          wholeNumber("memberSince", "Member since (year)", 1900),
          text("postedOn", "Where it was posted", 40, { hint: "Google, Facebook, ...: so a visitor can find it there." }),
          listOf("programs", "Also show on these program pages (optional)", program("program", "Program"), { required: false }),
        ],
        {
          summary: "{{fields.name}}, member since {{fields.memberSince}}, on {{fields.postedOn}}",
        },
      ),
    ]),
    jsonFile("site", "Gym details and hours", "content/site.json", [
      text("name", "Gym name", 80),
      text("tagline", "Tagline", 160),
      webAddress("url", "Web address"),
      { name: "phone", label: "Phone", widget: "string", pattern: pattern(PHONE, PHONE_MESSAGE) } as Field,
      {
        name: "email",
        label: "E-mail",
        widget: "string",
        pattern: ["^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", "Must be an e-mail address"],
      } as Field,
      {
        name: "address",
        label: "Address",
        widget: "object",
        fields: [
          text("street", "Street", 120),
          text("locality", "Town", 80),
          { name: "region", label: "State", widget: "string", pattern: ["^[A-Z]{2}$", "A two-letter state code like WA"] } as Field,
          { name: "postalCode", label: "ZIP code", widget: "string", pattern: ["^\\d{5}$", "A five-digit ZIP code"] } as Field,
          { name: "country", label: "Country", widget: "string", pattern: ["^[A-Z]{2}$", "A two-letter country code like US"] } as Field,
        ],
      } as Field,
      {
        name: "mapPosition",
        label: "Map position",
        widget: "string",
        required: false,
        // One string as Google Maps copies it; four decimals or more (src/content/mapPosition.ts), five recommended.
        pattern: pattern(MAP_POSITION, MAP_POSITION_MESSAGE),
        hint: "In Google Maps, right-click the gym's door and click the two numbers at the top of the menu to copy them, then paste them here, like 47.053121, -122.294612. Search engines then place the gym on the map. Five decimals or more are best (about a metre); four (about 11 m) are accepted.",
      } as Field,
      { name: "timeZone", label: "Time zone", widget: "hidden" } as Field,
      list(
        "hours",
        "Opening hours",
        [select("days", "Days", DAYS, { multiple: true, min: 1 }), clock("opens", "Opens"), clock("closes", "Closes")],
        {
          min: 1,
          summary: "{{fields.opens}}–{{fields.closes}}",
        },
      ),
      stringList("payment", "Payment accepted", 40, { min: 1 }),
      select("priceRange", "Price range", PRICE_RANGES),
      list(
        "social",
        "Social links",
        [
          text("name", "Name", 40),
          { name: "url", label: "Address", widget: "string", pattern: ["^https://", "Must start with https://"] } as Field,
        ],
        {
          summary: "{{fields.name}}",
        },
      ),
    ]),
  ],
} as Collection;
