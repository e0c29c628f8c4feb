import type { Session } from "../client";

/** What every console screen is given: who is signed in, and the page's query string (e.g. "?id=C-XXXX"). */
export interface ScreenProps {
  session: Session;
  search: string;
}
