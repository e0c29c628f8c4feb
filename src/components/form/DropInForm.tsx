import { addDays, type Day, formatLongDate, listText } from "../../content/dates";
import { AGE_GROUPS, guardianAccepts, MAX_VISIT_DAYS } from "../../forms/dropIn/rules";
import { payNowUrl } from "../../content/paymentLink";
import { apiPath } from "../../forms/endpoints";
import { LIMITS } from "../../forms/limits";
import { ADULT_AGE, ADULT_MIN_AGE } from "../../forms/signup/rules";
import type { DropInInput } from "../../forms/dropIn/schema";
import { DROP_IN_FIELDS, DROP_IN_START, dropInPayload, type DropInValues } from "../../forms/dropIn/values";
import { useForm } from "../../hooks/useForm";
import { useFormLive } from "../../hooks/heldHydration";
import { trackLead } from "../../runtime/analytics";
import { FormShell, SentMessage } from "./FormShell";
import { dropInSent } from "../../forms/dropIn/sent";
import { EmailInput, NameInput, RadioGroup, TextInput } from "./inputs";
import { GuardianName, WaiverAgreement, type ShownWaiver } from "./WaiverAgreement";

const GUARDIAN_ACCEPTS = "I am the parent or guardian named above: I have read the waiver and accept it for this visitor";

/** The waiver's version comes from the build (a prop), not from the visitor. */
type Input = Omit<DropInInput, "waiverVersion">;

/** A visiting athlete tells the gym the day they come, and signs the waiver before they arrive. */
export function DropInForm({
  classDays,
  today,
  waiver,
  fee,
  paymentLink,
}: {
  /** The weekdays with a class a visitor can join (src/forms/dropIn/rules.ts). */
  classDays: readonly Day[];
  today: string;
  waiver: ShownWaiver;
  /** The drop-in fee as shown ("$20"). */
  fee: string;
  /** Where "Pay now" leads once the form is sent: the drop-in plan's payment link (content/rates.json), if any. */
  paymentLink?: string | null;
}) {
  const payloadOf = (values: DropInValues) => dropInPayload(values, waiver.version);
  const form = useForm<Input>({
    formId: "drop-in",
    endpoint: apiPath("drop-in"),
    initialValues: DROP_IN_START,
    fieldOrder: DROP_IN_FIELDS,
    loadCheck: async () => {
      const { dropInErrors } = await import("../../forms/dropIn/schema");
      return (values) => dropInErrors(payloadOf(values), classDays, today, waiver.version);
    },
    toPayload: payloadOf,
    onSent: () => trackLead("drop-in"),
  });
  const { visitDate, ageGroup, email } = form.control.values;
  // Before the page is live (or without its script) every field a choice may ask for is shown: the
  // browser's own post sends them, and the server keeps those the choice needs.
  const live = useFormLive();
  const last = addDays(today, MAX_VISIT_DAYS);

  return (
    <FormShell
      form={form}
      label="Drop-in visit"
      submitLabel="Send"
      success={(reference) => (
        <SentMessage words={dropInSent(visitDate, fee, payNowUrl(paymentLink, { reference, email }))} reference={reference} />
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
      <NameInput control={form.control} />
      <EmailInput control={form.control} />
      <TextInput
        control={form.control}
        name="affiliate"
        label="Your home gym"
        autoComplete="organization"
        maxLength={LIMITS.name}
        hint="Optional: the CrossFit affiliate where you train."
      />
      <RadioGroup
        control={form.control}
        name="ageGroup"
        label="Your age"
        required
        hint={`Drop-in classes are for ages ${ADULT_MIN_AGE} and up.`}
        options={[
          { value: AGE_GROUPS[0], label: `${ADULT_AGE} or older` },
          { value: AGE_GROUPS[1], label: `${ADULT_MIN_AGE} to ${ADULT_AGE - 1}` },
        ]}
      />
      {(guardianAccepts(ageGroup) || Boolean(form.control.errors.guardianName) || !live) && (
        <GuardianName control={form.control} hint="Fill in the rest of the form with them: they accept the waiver below for you." />
      )}
      <WaiverAgreement
        control={form.control}
        waiver={waiver}
        // A minor's own acceptance binds nobody: for 13 to 17 the box is the guardian's statement.
        acceptLabel={guardianAccepts(ageGroup) ? GUARDIAN_ACCEPTS : undefined}
      />
    </FormShell>
  );
}
