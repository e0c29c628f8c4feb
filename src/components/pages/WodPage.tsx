import { Link } from "gatsby";
import { useEffect, useLayoutEffect } from "react";
import {
  WOD_DAY_ATTRIBUTE,
  WOD_DAY_STATES,
  wodDayScript,
  wodDayState,
  wodListing,
  type WodDayState,
  type WodDays,
} from "../../content/wod";
import { addDays, formatLongDate } from "../../content/dates";
import { pathTo, routeFor, wodPath, type RoutePageContext, type WodPageContext } from "../../routes";
import { PageHeader } from "../PageHeader";
import { Section } from "../Section";
import { WodDay } from "../WodDay";
import * as earlierStyles from "../WodEarlier.module.css";
import { WodWorkout, type WodEntry } from "../WodWorkout";

// The server render has no layout; in the browser the mark is set before the page paints.
const useBeforePaint = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Marks the gym's day on <html> after a client-side navigation, when the page's inline script (which
 * did it on a first visit) does not run, and again when the page mounts past midnight.
 */
function useWodDayMark(days: WodDays | null): void {
  useBeforePaint(() => {
    if (days) document.documentElement.setAttribute(WOD_DAY_ATTRIBUTE, wodDayState(Date.now(), days));
  }, [days]);
}

/**
 * The workout of the day. On /wod/: the gym's day's workout (the build's day, or the next once it has
 * begun: src/content/wod.ts) and the week before it. On /wod/YYYY-MM-DD/: that day's and the week before.
 */
export function WodPage({
  data,
  pageContext,
}: {
  data: Queries.WodPageQuery;
  pageContext: Pick<RoutePageContext & WodPageContext, "routePath" | "day" | "wodDays">;
}) {
  const route = routeFor(pageContext.routePath);
  const { day, wodDays: days } = pageContext;
  useWodDayMark(days);
  const built = day ?? days?.built;
  if (!built) throw new Error(`${route.path}: the page context names neither a day nor the build's days`);
  const covered: readonly WodDayState[] = days ? WOD_DAY_STATES : ["built"];
  const listing = wodListing(data.wods.nodes, { built, next: days?.next ?? addDays(built, 1) });
  const todays = covered.map((state) => ({ state, wod: listing.today[state] }));
  return (
    <>
      <PageHeader
        eyebrow={day ? route.title : "Today at the gym"}
        title={day ? formatLongDate(day) : route.title}
        lead="Every part comes three ways: Rx as written, Scaled, and Foundations for members in their first months."
      />
      {/* Before the day's workout, so the gym's day is marked before any of it paints. */}
      {days && <script dangerouslySetInnerHTML={{ __html: wodDayScript(days) }} />}
      <Section>
        {todays.map(({ state, wod }) => (
          <WodDay key={state} states={[state]} covered={covered}>
            {wod ? <WodWorkout wod={wod} /> : <NoWorkout date={state === "later" ? undefined : state === "next" ? days?.next : built} />}
          </WodDay>
        ))}
      </Section>
      <Section title={day ? "The days before" : "Previous workouts"} id="previous" tone="muted">
        <ul className={earlierStyles.list}>
          {listing.earlier.map(({ wod, states }) => (
            <WodDay key={wod.date} as="li" states={states} covered={covered} className={earlierStyles.item}>
              <EarlierLink wod={wod} />
            </WodDay>
          ))}
        </ul>
        {day && (
          <p>
            <Link to={pathTo("wod")}>Today&rsquo;s workout</Link>
          </p>
        )}
      </Section>
    </>
  );
}

function NoWorkout({ date }: { date: string | undefined }) {
  return (
    <>
      <h2>No workout posted for today</h2>
      <p>
        {date ? `The coaches have not posted a workout for ${formatLongDate(date)}.` : "The coaches have not posted today's workout yet."}{" "}
        The latest ones are below.
      </p>
    </>
  );
}

function EarlierLink({ wod }: { wod: Pick<WodEntry, "date" | "title"> }) {
  return (
    <>
      <Link to={wodPath(wod.date)}>{wod.title}</Link>
      <time className={earlierStyles.date} dateTime={wod.date}>
        {formatLongDate(wod.date)}
      </time>
    </>
  );
}
