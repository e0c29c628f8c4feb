import { Link } from "gatsby";
import { coachPath } from "../content/coaches";
import { formatClock } from "../content/dates";
import { groupByDay, type Slot } from "../schedule/week";
import * as styles from "./ScheduleWeek.module.css";

export interface ProgramName {
  key: string;
  title: string;
}

/** The weekly timetable, one card per day; today's card is marked. */
export function ScheduleWeek({
  slots,
  programs,
  today,
  headingLevel = 3,
}: {
  slots: readonly Slot[];
  programs: readonly ProgramName[];
  today: string;
  /** 2 where the days are the page's first level of sections, 3 under a section heading. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const titles = new Map(programs.map((program) => [program.key, program.title]));
  const days = groupByDay(slots);
  if (days.length === 0) return <p>No classes match this filter.</p>;
  return (
    <ol className={styles.week}>
      {days.map(({ day, slots: daySlots }) => {
        const isToday = day === today;
        return (
          <li key={day} className={styles.day} data-today={isToday || undefined}>
            <Heading className={styles.dayName} id={`day-${day.toLowerCase()}`}>
              {day}
              {isToday && (
                <span className={styles.todayBadge} aria-current="date">
                  Today
                </span>
              )}
            </Heading>
            <ul className={styles.slots} aria-labelledby={`day-${day.toLowerCase()}`}>
              {daySlots.map((slot) => {
                const title = titles.get(slot.program) ?? slot.program;
                return (
                  <li key={`${slot.start}-${slot.program}`} className={styles.slot} data-program={slot.program}>
                    <span className={styles.time}>
                      <time dateTime={slot.start}>{formatClock(slot.start)}</time>–<time dateTime={slot.end}>{formatClock(slot.end)}</time>
                    </span>
                    <span className={styles.program}>{title}</span>
                    {slot.coach && (
                      <span className={styles.coach}>
                        Coach <Link to={coachPath(slot.coach)}>{slot.coach}</Link>
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
