import { type ReactNode } from "react";
import type { WodDayState } from "../content/wod";
import * as styles from "./WodDay.module.css";

/**
 * Content shown only on some of the days a page covers (`states` of `covered`): written for the
 * build's day, with a class that shows or hides it once the page's script has marked the gym's day.
 */
export function WodDay({
  states,
  covered,
  as: Tag = "div",
  className,
  children,
}: {
  states: readonly WodDayState[];
  covered: readonly WodDayState[];
  as?: "div" | "li";
  className?: string;
  children: ReactNode;
}) {
  const shown = (state: WodDayState) => !covered.includes(state) || states.includes(state);
  const classes = [
    className,
    covered.includes("next") && (shown("built") ? !shown("next") && styles.hideNext : shown("next") && styles.showNext),
    covered.includes("later") && (shown("built") ? !shown("later") && styles.hideLater : shown("later") && styles.showLater),
  ].filter(Boolean);
  return (
    <Tag className={classes.join(" ") || undefined} hidden={!shown("built") || undefined}>
      {children}
    </Tag>
  );
}
