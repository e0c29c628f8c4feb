import type { SubmissionStore } from "../store/types";

/** One submission in an access report: every field as stored, and the waiver text a sign-up accepted. */
export interface AccessEntry {
  reference: string;
  form: string;
  received: string;
  spam: string | null;
  fields: Record<string, unknown>;
  waiver?: { version: unknown; text: string | null; firstAcceptedAt: string | null };
}

/** Everything held for an address, as an access request is answered (CLI `find`, the console's download). */
export interface AccessReport {
  email: string;
  submissions: AccessEntry[];
}

export async function accessReport(store: SubmissionStore, email: string): Promise<AccessReport> {
  const submissions = await store.findByEmail(email);
  const waivers = submissions.some((s) => s.payload.waiverVersion !== undefined) ? await store.waivers() : [];
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
      };
    }),
  };
}
