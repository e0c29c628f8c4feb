import { formatLongDate } from "../../content/dates";
import { apiPath } from "../../forms/endpoints";
import { LIMITS } from "../../forms/limits";
import { answerDueDate, CONFIRM_LINK_DAYS, PRIVACY_REQUEST_LABELS, PRIVACY_REQUESTS } from "../../forms/privacyRequest";
import type { PrivacyRequestInput } from "../../forms/schemas/privacyRequest";
import { useForm, type FormValues } from "../../hooks/useForm";
import { FormShell, YourReference } from "./FormShell";
import { EmailInput, RadioGroup, TextArea, TextInput } from "./inputs";

type Values = FormValues<PrivacyRequestInput>;

const FIELDS = ["request", "name", "email", "details"] as const satisfies ReadonlyArray<keyof Values>;

function toPayload(values: Values) {
  return {
    request: values.request,
    name: values.name,
    email: values.email,
    ...(values.details.trim() ? { details: values.details } : {}),
  };
}

async function loadCheck() {
  const { privacyRequestErrors } = await import("../../forms/schemas/privacyRequest");
  return (values: Values) => privacyRequestErrors(toPayload(values));
}

/** A request about one's data; it is not a lead, so it sends no analytics event. */
export function PrivacyRequestForm({ today, responseDays }: { today: string; responseDays: number }) {
  const form = useForm<PrivacyRequestInput>({
    formId: "privacy-request",
    endpoint: apiPath("privacy-request"),
    initialValues: { request: "", name: "", email: "", details: "", website: "" },
    fieldOrder: FIELDS,
    loadCheck,
    toPayload,
  });

  return (
    <FormShell
      form={form}
      label="Your request"
      submitLabel="Send request"
      success={(reference) => (
        <>
          <h2>We have your request</h2>
          <p>
            We have e-mailed a link to {form.control.values.email.trim()} to confirm that the request comes from you. It works once, for{" "}
            {CONFIRM_LINK_DAYS} days; until it is used we do nothing with the request.
          </p>
          <p>
            We answer within {responseDays} days of your confirming it: confirm today, and we answer by e-mail by{" "}
            {formatLongDate(answerDueDate(today, responseDays))} at the latest.
          </p>
          <YourReference reference={reference} />
        </>
      )}
    >
      <RadioGroup
        control={form.control}
        name="request"
        label="What would you like us to do?"
        required
        options={PRIVACY_REQUESTS.map((value) => ({ value, ...PRIVACY_REQUEST_LABELS[value] }))}
      />
      <TextInput control={form.control} name="name" label="Your name" required autoComplete="name" maxLength={LIMITS.name} />
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
