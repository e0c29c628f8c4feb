import { apiPath } from "../../forms/endpoints";
import { LIMITS } from "../../forms/limits";
import { PRIVACY_REQUEST_LABELS, PRIVACY_REQUESTS } from "../../forms/privacyRequest/rules";
import type { PrivacyRequestInput } from "../../forms/privacyRequest/schema";
import {
  PRIVACY_REQUEST_FIELDS,
  PRIVACY_REQUEST_START,
  privacyRequestPayload,
  type PrivacyRequestValues,
} from "../../forms/privacyRequest/values";
import { useForm } from "../../hooks/useForm";
import { FormShell, SentMessage } from "./FormShell";
import { privacyRequestSent } from "../../forms/privacyRequest/sent";
import { EmailInput, NameInput, RadioGroup, TextArea } from "./inputs";

async function loadCheck() {
  const { privacyRequestErrors } = await import("../../forms/privacyRequest/schema");
  return (values: PrivacyRequestValues) => privacyRequestErrors(privacyRequestPayload(values));
}

/** A request about one's data; it is not a lead, so it sends no analytics event. */
export function PrivacyRequestForm({ today, responseDays }: { today: string; responseDays: number }) {
  const form = useForm<PrivacyRequestInput>({
    formId: "privacy-request",
    endpoint: apiPath("privacy-request"),
    initialValues: PRIVACY_REQUEST_START,
    fieldOrder: PRIVACY_REQUEST_FIELDS,
    loadCheck,
    toPayload: privacyRequestPayload,
  });

  return (
    <FormShell
      form={form}
      label="Your request"
      submitLabel="Send request"
      success={(reference) => (
        <SentMessage words={privacyRequestSent({ email: form.control.values.email.trim(), today, responseDays })} reference={reference} />
      )}
    >
      <RadioGroup
        control={form.control}
        name="request"
        label="What would you like us to do?"
        required
        options={PRIVACY_REQUESTS.map((value) => ({ value, ...PRIVACY_REQUEST_LABELS[value] }))}
      />
      <NameInput control={form.control} />
      <EmailInput control={form.control} hint="The address you used with us, so we can find your data. We answer there." />
      <TextArea
        control={form.control}
        name="details"
        label="Details"
        rows={5}
        maxLength={LIMITS.message}
        hint="Needed to correct something or to appeal: what is wrong, or your earlier request's reference and why you disagree."
      />
    </FormShell>
  );
}
