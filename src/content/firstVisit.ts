import { pathTo } from "../routes";
import { placeLine } from "./contact";
import { formatPrice, priceLabel } from "./rates";

/**
 * The way in for a newcomer and what they need to know before they come, in words, each fact read
 * from the file that holds it: prices from rates.json, fees and notice periods from policies.json, the
 * intro from intro.json, the address from site.json, and what only staff know of arriving (parking, the
 * door, "do I need to be fit?") from visit.json. Pure: the pages and the tests call it alike.
 */

/** The program every newcomer starts with, and the one whose memberships follow it (program keys of the route table). */
export const FIRST_PROGRAM = "foundations";
export const MEMBERSHIP_PROGRAM = "crossfit";

interface PlanFacts {
  price: number;
  period: string;
  program: string;
  description: string;
  creditedToFirstMonth?: boolean | null;
}

/** The one-time Foundations plan (the content checks require it: src/content/wayInRules.ts). */
export function firstProgramPlan<T extends PlanFacts>(plans: readonly T[]): T | undefined {
  return plans.find((plan) => plan.program === FIRST_PROGRAM && plan.period === "program");
}

/** The lowest monthly price of a group-class membership, or undefined with none. */
export function lowestMembershipPrice(plans: readonly PlanFacts[]): number | undefined {
  const prices = plans.filter((plan) => plan.program === MEMBERSHIP_PROGRAM && plan.period === "month").map((plan) => plan.price);
  return prices.length > 0 ? Math.min(...prices) : undefined;
}

/** 30 -> "30 days' notice", 1 -> "1 day's notice", 0 -> "no notice". */
export function noticeWords(days: number): string {
  if (days === 0) return "no notice";
  return days === 1 ? "1 day's notice" : `${days} days' notice`;
}

const CREDIT = "credited to your first month";

export interface StartStep {
  title: string;
  /** What it costs, in words: "Free", "$199 one-time, credited to your first month". */
  price: string;
  link: { href: string; text: string };
}

/** "Start here": the free intro, then Foundations, then a membership, each with its price and where to go. */
export function startSteps(plans: readonly PlanFacts[]): StartStep[] {
  const foundations = firstProgramPlan(plans);
  const lowest = lowestMembershipPrice(plans);
  return [
    {
      title: "A free intro",
      price: "Free",
      link: { href: pathTo("intro"), text: "Book a free intro" },
    },
    {
      title: "Foundations",
      price: foundations
        ? `${priceLabel(foundations.price, foundations.period)}${foundations.creditedToFirstMonth ? `, ${CREDIT}` : ""}`
        : "Ask us",
      link: { href: pathTo("foundations"), text: "How Foundations works" },
    },
    {
      title: "A membership",
      price: lowest === undefined ? "See the rates" : `from ${formatPrice(lowest)} a month`,
      link: { href: pathTo("signup"), text: "Choose a membership" },
    },
  ];
}

export interface FirstVisitInput {
  site: { name: string; address: { street: string; locality: string; region: string; postalCode: string } };
  visit: { parking: string; door: string; fitness: string };
  intro: { summary: string; whatToBring: string; slotMinutes: number };
  plans: readonly PlanFacts[];
  policies: { signUpFee: number; cancellationNoticeDays: number; cancellationFee: number; reactivationFee: number };
}

export interface FirstVisitFact {
  /** Names the fact for a page that shows it elsewhere (the home page's "Start here" says the intro and Foundations). */
  id: "where" | "parking" | "door" | "bring" | "intro" | "fitness" | "foundations" | "joining";
  label: string;
  text: string;
  link?: { href: string; text: string };
}

/** Directions to the gym in the visitor's maps app (a plain link: no map script on the page). */
export function directionsUrl(site: FirstVisitInput["site"]): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(placeLine(site))}`;
}

const money = (dollars: number) => (dollars === 0 ? "nothing" : formatPrice(dollars));

/**
 * The facts a booked visitor needs to arrive, in the block's order: where, parking, the door, what to
 * bring, and what happens at the intro. The intro's confirmation (its page and its e-mail) lists these.
 */
export const ARRIVAL_FACTS: readonly FirstVisitFact["id"][] = ["where", "parking", "door", "bring", "intro"];

export function arrivalFacts<F extends { id: string }>(facts: readonly F[]): F[] {
  return facts.filter((fact) => (ARRIVAL_FACTS as readonly string[]).includes(fact.id));
}

/** Every first-visit fact, in the order a visitor needs them. */
export function firstVisitFacts({ site, visit, intro, plans, policies }: FirstVisitInput): FirstVisitFact[] {
  const a = site.address;
  const foundations = firstProgramPlan(plans);
  const signUp = policies.signUpFee === 0 ? "No sign-up fee" : `A ${formatPrice(policies.signUpFee)} sign-up fee`;
  const cancelling =
    `cancel with ${noticeWords(policies.cancellationNoticeDays)}` +
    (policies.cancellationFee > 0 ? ` and a ${formatPrice(policies.cancellationFee)} fee` : "");
  return [
    {
      id: "where",
      label: "Where",
      text: `${a.street}, ${a.locality}, ${a.region} ${a.postalCode}`,
      link: { href: directionsUrl(site), text: "Get directions" },
    },
    { id: "parking", label: "Parking", text: visit.parking },
    { id: "door", label: "Which door", text: visit.door },
    { id: "bring", label: "What to wear and bring", text: intro.whatToBring },
    { id: "intro", label: "At your free intro", text: `${intro.slotMinutes} minutes, one-on-one with a coach. ${intro.summary}` },
    { id: "fitness", label: "Do I need to be fit?", text: visit.fitness },
    ...(foundations
      ? [
          {
            id: "foundations" as const,
            label: "Then Foundations",
            text: `${foundations.description} ${priceLabel(foundations.price, foundations.period)}${foundations.creditedToFirstMonth ? `, ${CREDIT}` : ""}.`,
            link: { href: pathTo("foundations"), text: "How Foundations works" },
          },
        ]
      : []),
    {
      id: "joining",
      label: "Joining",
      text: `${signUp}. Memberships are month to month: ${cancelling}. Coming back after cancelling costs ${money(policies.reactivationFee)}.`,
    },
  ];
}
