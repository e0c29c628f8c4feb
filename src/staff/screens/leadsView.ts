/** Where the lead list keeps its last view for this tab (sessionStorage), so "All leads" on a lead goes back to it. */
export const LEADS_VIEW_KEY = "staff-leads-view";
