/** Where the lead list keeps its last view for this tab (sessionStorage), so "All leads" on a lead goes back to it. */
const KEY = "staff-leads-view";

/** The list's last query string ("" for the view it opens on); storage may be refused (a locked-down browser): then none. */
export function lastLeadsView(): string {
  try {
    return window.sessionStorage.getItem(KEY) ?? "";
  } catch {
    return "";
  }
}

export function keepLeadsView(query: string): void {
  try {
    window.sessionStorage.setItem(KEY, query);
  } catch {
    // Without storage "All leads" opens the list's first view: nothing is lost.
  }
}
