import { shortDayLabel, timeLabel } from "../intro/display";

/**
 * An instant as every console screen shows it: "Fri, Nov 27, 9:52 AM", in the gym's zone (each screen's
 * answer from the server says which), whatever the zone of the phone it is read on.
 */
export const staffTime = (iso: string, timeZone: string): string => `${shortDayLabel(iso, timeZone)}, ${timeLabel(iso, timeZone)}`;
