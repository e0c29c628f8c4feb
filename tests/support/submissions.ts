import type { NewSubmission } from "../../src/server/forms/types";

/** A real contact-form submission as the endpoint stores it, queued for the staff e-mail. */
export function contactSubmission(id: string, extra: Partial<NewSubmission> = {}): NewSubmission {
  return {
    id,
    form: "contact",
    createdAt: new Date(),
    payload: { name: "Ana Ruiz", email: "ana@example.com", interest: "kids", message: "Can my 8-year-old try a class?" },
    spam: null,
    notify: true,
    ...extra,
  };
}
