import * as own from "./BarChart.module.css";
import { NumbersTable } from "./NumbersTable";

export interface Bar {
  label: string;
  value: number;
  /** The value as staff read it, written at the end of the bar and in the table: "8", "40%", "6 (75%)". */
  text: string;
  /** Further cells of the bar's row in the table (the chart draws only `value`). */
  cells?: readonly string[];
}

/** The drawing's box, in SVG units: the width of a phone, so its text keeps its size there. */
const WIDTH = 320;
const LABEL = 104;
const VALUE_ROOM = 72;
const ROW = 26;
const BAR = 14;

/**
 * A horizontal bar chart in inline SVG, with the same numbers in a table beside or under it. The
 * drawing is one image to assistive technology (role="img", named by its title and its numbers); the
 * table is for reading and copying. Bars are drawn against the largest value, or `max` when given
 * (a share is drawn against 100%).
 */
export function BarChart({
  title,
  bars,
  headings,
  max,
}: {
  title: string;
  bars: readonly Bar[];
  /** The table's column headings: the bars' labels, their value, then any further cells. */
  headings: readonly string[];
  max?: number;
}) {
  const top = Math.max(max ?? 0, ...bars.map((bar) => bar.value), 1);
  const room = WIDTH - LABEL - VALUE_ROOM;
  const height = bars.length * ROW + 4;
  const name = `${title}: ${bars.map((bar) => `${bar.label} ${bar.text}`).join("; ")}`;
  return (
    <div className={own.chart}>
      <h3 className={own.title}>{title}</h3>
      <svg className={own.svg} viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={name}>
        {bars.map((bar, index) => {
          const y = index * ROW + 4;
          const length = (room * bar.value) / top;
          return (
            <g key={bar.label}>
              <text className={own.label} x={0} y={y + BAR - 2}>
                {bar.label}
              </text>
              <rect className={own.track} x={LABEL} y={y} width={room} height={BAR} rx={2} />
              <rect className={own.bar} x={LABEL} y={y} width={length} height={BAR} rx={2} />
              <text className={own.value} x={LABEL + length + 4} y={y + BAR - 2}>
                {bar.text}
              </text>
            </g>
          );
        })}
      </svg>
      <NumbersTable
        caption={title}
        headings={headings}
        rows={bars.map((bar) => ({ key: bar.label, cells: [bar.label, bar.text, ...(bar.cells ?? [])] }))}
      />
    </div>
  );
}
