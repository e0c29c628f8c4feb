import type { VisitSource } from "../../forms/visitSource";
import type { PrivacyStore } from "./types";

/** One submission in an access report: every field as stored, and the waiver text a sign-up accepted. */
export interface AccessEntry {
  reference: string;
  form: string;
  received: string;
  spam: string | null;
  fields: Record<string, unknown>;
  waiver?: { version: unknown; text: string | null; firstAcceptedAt: string | null };
  /**
   * What the gym kept about it as a lead, which a deletion removes too: its status and follow-up date,
   * each change of status, the staff's notes, and where the visit came from.
   */
  lead: {
    status: string;
    followUpOn: string | null;
    statusChanges: Array<{ status: string; at: string; by: string }>;
    notes: Array<{ at: string; by: string; text: string }>;
    source: VisitSource | null;
  };
}

/** Everything held for an address, as an access request is answered (CLI `find`, the console's download). */
export interface AccessReport {
  email: string;
  submissions: AccessEntry[];
}

export async function accessReport(store: PrivacyStore, email: string): Promise<AccessReport> {
  const submissions = await store.findByEmail(email);
  const waivers = submissions.some((s) => s.payload.waiverVersion !== undefined) ? await store.waivers() : [];
  const states = await store.leadStates(submissions.map((s) => s.id));
  const leads = new Map(
    await Promise.all(
      submissions.map(async ({ id }) => {
        const state = states.get(id);
        const lead: AccessEntry["lead"] = {
          status: state?.status ?? "new",
          followUpOn: state?.followUpOn ?? null,
          statusChanges: (await store.events(id)).map((event) => ({ status: event.status, at: event.at.toISOString(), by: event.actor })),
          notes: (await store.notes(id)).map((note) => ({ at: note.createdAt.toISOString(), by: note.author, text: note.body })),
          source: await store.leadSource(id),
        };
        return [id, lead] as const;
      }),
    ),
  );
  return {
    email,
    submissions: submissions.map((submission) => {
      const version = submission.payload.waiverVersion;
      const waiver = waivers.find((w) => w.version === version);
      return {
        reference: submission.id,
        form: submission.form,
        received: submission.createdAt.toISOString(),
        spam: submission.spam,
        fields: submission.payload,
        ...(version !== undefined && {
          waiver: { version, text: waiver?.text ?? null, firstAcceptedAt: waiver?.firstAcceptedAt.toISOString() ?? null },
        }),
        lead: leads.get(submission.id)!,
      };
    }),
  };
}
