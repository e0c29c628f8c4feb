import { isIsoDate, listText, type Day } from "../../content/dates";
import { addDays, formatLongDate } from "../../forms/dateRules";
import { MAX_VISIT_DAYS } from "../../forms/dropIn";
import { apiPath } from "../../forms/endpoints";
import { LIMITS } from "../../forms/limits";
import type { DropInInput } from "../../forms/schemas/dropIn";
import { useForm, type FormValues } from "../../hooks/useForm";
import { trackLead } from "../../runtime/analytics";
import { FormShell, YourReference } from "./FormShell";
import { EmailInput, TextInput } from "./inputs";
import { WaiverAgreement, type ShownWaiver } from "./WaiverAgreement";

/** The waiver's version comes from the build (a prop), not from the visitor. */
type Input = Omit<DropInInput, "waiverVersion">;
type Values = FormValues<Input>;

const FIELDS = ["visitDate", "name", "email", "affiliate", "waiverAccepted"] as const satisfies ReadonlyArray<keyof Values>;

function toPayload(values: Values, waiverVersion: string) {
  return {
    visitDate: values.visitDate,
    name: values.name,
    email: values.email,
    ...(values.affiliate.trim() ? { affiliate: values.affiliate } : {}),
    waiverAccepted: values.waiverAccepted,
    waiverVersion,
  };
}

/** A visiting athlete tells the gym the day they come, and signs the waiver before they arrive. */
export function DropInForm({
  classDays,
  today,
  waiver,
  fee,
}: {
  /** The weekdays with a class a visitor can join (src/forms/dropIn.ts). */
  classDays: readonly Day[];
  today: string;
  waiver: ShownWaiver;
  /** The drop-in fee as shown ("$20"). */
  fee: string;
}) {
  const payloadOf = (values: Values) => toPayload(values, waiver.version);
  const form = useForm<Input>({
    formId: "drop-in",
    endpoint: apiPath("drop-in"),
    initialValues: { visitDate: "", name: "", email: "", affiliate: "", waiverAccepted: false, website: "" },
    fieldOrder: FIELDS,
    loadCheck: async () => {
      const { dropInErrors } = await import("../../forms/schemas/dropIn");
      return (values) => dropInErrors(payloadOf(values), classDays, today, waiver.version);
    },
    toPayload: payloadOf,
    onSent: () => trackLead("drop-in"),
  });
  const { visitDate } = form.control.values;
  const last = addDays(today, MAX_VISIT_DAYS);

  return (
    <FormShell
      form={form}
      label="Drop-in visit"
      submitLabel="Send"
      success={(reference) => (
        <>
          <h2>See you {isIsoDate(visitDate) ? `on ${formatLongDate(visitDate)}` : "soon"}</h2>
          <p>
            A coach will e-mail you before your visit to say which class suits you best. Come ten minutes early: the {fee} drop-in fee is
            paid at the front desk, and your waiver is already signed.
          </p>
          <YourReference reference={reference} />
        </>
      )}
    >
      <TextInput
        control={form.control}
        name="visitDate"
        label="Date of your visit"
        type="date"
        required
        min={today}
        max={last}
        hint={`Any ${listText(classDays, "or")}, up to ${formatLongDate(last)}.`}
      />
      <TextInput control={form.control} name="name" label="Your name" required autoComplete="name" maxLength={LIMITS.name} />
      <EmailInput control={form.control} />
      <TextInput
        control={form.control}
        name="affiliate"
        label="Your home gym"
        autoComplete="organization"
        maxLength={LIMITS.name}
        hint="Optional: the CrossFit affiliate where you train."
      />
      <WaiverAgreement control={form.control} waiver={waiver} />
    </FormShell>
  );
}
