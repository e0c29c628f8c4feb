import type { ComponentType } from "react";
import type { StaffScreen } from "../../desk/paths";
import Accounts from "./Accounts";
import Lead from "./Lead";
import Leads from "./Leads";
import Outbox from "./Outbox";
import Privacy from "./Privacy";
import Intros from "./Intros";
import KidsTrials from "./KidsTrials";
import Replies from "./Replies";
import Reports from "./Reports";
import Settings from "./Settings";
import type { ScreenProps } from "./types";

export interface ScreenEntry {
  /** The link's text in the console's menu; none for a screen reached from another (one lead). */
  label?: string;
  /** The least role that sees it; the server refuses the rest anyway. */
  role: "coach" | "owner";
  component: ComponentType<ScreenProps>;
}

/** THE console's screens, in menu order. Each has a page (src/node/pages.ts) at its address in paths.ts. */
export const SCREENS: Partial<Record<Exclude<StaffScreen, "signIn">, ScreenEntry>> = {
  leads: { label: "Leads", role: "coach", component: Leads },
  lead: { role: "coach", component: Lead },
  intros: { label: "Intros", role: "coach", component: Intros },
  kidsTrials: { label: "Kids trials", role: "coach", component: KidsTrials },
  reports: { label: "Reports", role: "coach", component: Reports },
  privacy: { label: "Privacy", role: "owner", component: Privacy },
  outbox: { label: "Outbox", role: "owner", component: Outbox },
  accounts: { label: "Accounts", role: "owner", component: Accounts },
  settings: { label: "Your settings", role: "coach", component: Settings },
  // Reached from a lead's reply box: every staff member reads them, the owner writes them.
  replies: { role: "coach", component: Replies },
};
