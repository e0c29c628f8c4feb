import { formatClock } from "../content/dates";
import { groupByDay, type Slot } from "../schedule/week";
import type { ProgramName } from "./ScheduleWeek";
import * as styles from "./WeekStrip.module.css";

/** This week at a glance: each day's start times by program, today outlined. */
export function WeekStrip({ slots, programs, today }: { slots: readonly Slot[]; programs: readonly ProgramName[]; today: string }) {
  return (
    <ol className={styles.strip}>
      {groupByDay(slots).map(({ day, slots: daySlots }) => (
        <li key={day} className={styles.day} data-today={day === today || undefined} aria-current={day === today ? "date" : undefined}>
          <h3 className={styles.name}>
            {day.slice(0, 3)}
            <span className="visually-hidden">{day.slice(3)}</span>
            {day === today && <span className={styles.badge}>Today</span>}
          </h3>
          <dl className={styles.programs}>
            {programs
              .filter((program) => daySlots.some((slot) => slot.program === program.key))
              .map((program) => (
                <div key={program.key}>
                  <dt>{program.title}</dt>
                  <dd>
                    {daySlots
                      .filter((slot) => slot.program === program.key)
                      .map((slot) => formatClock(slot.start))
                      .join(", ")}
                  </dd>
                </div>
              ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
