import type { FormName } from "../../forms/registry";

/** A submission as the store keeps it: every feature reads it, so it sits alone and imports only the form names. */
export interface StoredSubmission {
  id: string;
  form: FormName;
  createdAt: Date;
  payload: Record<string, unknown>;
  spam: string | null;
}
