import { useEffect } from "react";
import { INTEREST_LABELS, INTERESTS, interestFromQuery } from "../../forms/contact/rules";
import { apiPath } from "../../forms/endpoints";
import { LIMITS } from "../../forms/limits";
import type { ContactInput } from "../../forms/contact/schema";
import { CONTACT_FIELDS, CONTACT_START, contactPayload, type ContactValues } from "../../forms/contact/values";
import { useForm } from "../../hooks/useForm";
import { trackLead } from "../../runtime/analytics";
import { FormShell, SentMessage } from "./FormShell";
import { contactSent } from "../../forms/contact/sent";
import { QueryChoice } from "./QueryChoice";
import { EmailInput, NameInput, PhoneInput, Select, TextArea } from "./inputs";
import { TextConsentBox } from "./TextConsentBox";

async function loadCheck() {
  const { contactErrors } = await import("../../forms/contact/schema");
  return (values: ContactValues) => contactErrors(contactPayload(values));
}

export function ContactForm({ search, onSent }: { search: string; onSent?: (reference: string) => void }) {
  const form = useForm<ContactInput>({
    formId: "contact",
    endpoint: apiPath("contact"),
    initialValues: CONTACT_START,
    fieldOrder: CONTACT_FIELDS,
    loadCheck,
    toPayload: contactPayload,
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
      success={(reference) => <SentMessage words={contactSent()} reference={reference} />}
    >
      <NameInput control={form.control} />
      <EmailInput control={form.control} hint="We reply by email." />
      <PhoneInput control={form.control} hint="If you would rather we call you back." />
      <TextConsentBox control={form.control} />
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
