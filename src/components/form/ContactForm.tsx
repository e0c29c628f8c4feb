import { useEffect } from "react";
import { INTEREST_LABELS, INTERESTS, interestFromQuery } from "../../forms/contact";
import { apiPath } from "../../forms/endpoints";
import { LIMITS } from "../../forms/limits";
import type { ContactInput } from "../../forms/schemas/contact";
import { useForm, type FormValues } from "../../hooks/useForm";
import { trackLead } from "../../runtime/analytics";
import { FormShell, YourReference } from "./FormShell";
import { QueryChoice } from "./QueryChoice";
import { EmailInput, PhoneInput, Select, TextArea, TextInput } from "./inputs";

type Values = FormValues<ContactInput>;

const FIELDS = ["name", "email", "phone", "interest", "message"] as const satisfies ReadonlyArray<keyof Values>;

function toPayload(values: Values) {
  return {
    name: values.name,
    email: values.email,
    ...(values.phone.trim() ? { phone: values.phone } : {}),
    interest: values.interest,
    message: values.message,
  };
}

async function loadCheck() {
  const { contactErrors } = await import("../../forms/schemas/contact");
  return (values: Values) => contactErrors(toPayload(values));
}

export function ContactForm({ search, onSent }: { search: string; onSent?: (reference: string) => void }) {
  const form = useForm<ContactInput>({
    formId: "contact",
    endpoint: apiPath("contact"),
    initialValues: { name: "", email: "", phone: "", interest: "", message: "", website: "" },
    fieldOrder: FIELDS,
    loadCheck,
    toPayload,
    onSent: (reference) => {
      trackLead("contact");
      onSent?.(reference);
    },
  });

  // ?interest=membership (the old store pages link here) preselects the topic: as the page is parsed
  // (QueryChoice), and on a page reached by a link once the site is live.
  const preselected = interestFromQuery(search);
  const { fillIfEmpty } = form.control;
  useEffect(() => {
    if (preselected) fillIfEmpty("interest", preselected);
  }, [preselected, fillIfEmpty]);

  return (
    <FormShell
      form={form}
      label="Send us a message"
      submitLabel="Send message"
      success={(reference) => (
        <>
          <h2>Thanks, your message is on its way</h2>
          <p>A coach will answer within one business day, usually sooner.</p>
          <YourReference reference={reference} />
        </>
      )}
    >
      <TextInput control={form.control} name="name" label="Your name" required autoComplete="name" maxLength={LIMITS.name} />
      <EmailInput control={form.control} hint="We reply by email." />
      <PhoneInput control={form.control} hint="If you would rather we call you back." />
      <Select
        control={form.control}
        name="interest"
        label="What is your message about?"
        required
        options={INTERESTS.map((value) => ({ value, label: INTEREST_LABELS[value] }))}
      />
      <QueryChoice selectId={form.control.idFor("interest")} param="interest" />
      <TextArea control={form.control} name="message" label="Message" required maxLength={LIMITS.message} />
    </FormShell>
  );
}
