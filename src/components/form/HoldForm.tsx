import { formatLongDate, isIsoDate } from "../../content/dates";
import { earliestCancelDate, earliestHoldStart, holdEndRange, holdLength, resumeDate, type HoldPolicy } from "../../forms/hold/rules";
import { apiPath } from "../../forms/endpoints";
import { LIMITS } from "../../forms/limits";
import type { HoldInput } from "../../forms/hold/schema";
import { HOLD_FIELDS, HOLD_START, holdPayload, type HoldValues } from "../../forms/hold/values";
import { useForm } from "../../hooks/useForm";
import { useFormLive } from "../../hooks/heldHydration";
import { FormShell, SentMessage } from "./FormShell";
import { holdSent } from "../../forms/hold/sent";
import { Checkbox, EmailInput, NameInput, PhoneInput, RadioGroup, TextArea, TextInput } from "./inputs";
import * as styles from "./Form.module.css";
import { TextConsentBox } from "./TextConsentBox";

/** What the chosen dates mean, shown before sending so the visitor knows exactly what they ask for. */
function Outcome({ values, policy }: { values: HoldValues; policy: HoldPolicy }) {
  const { type } = values;
  if (type === "hold") {
    const start = values.holdStart;
    const end = values.holdEnd;
    if (!isIsoDate(start) || !isIsoDate(end) || end < start) return null;
    const days = holdLength(start, end);
    return (
      <p className={styles.computed}>
        Your hold lasts {days} day{days === 1 ? "" : "s"}. Billing pauses from {formatLongDate(start)}, and your membership resumes on{" "}
        <strong>{formatLongDate(resumeDate(end))}</strong>.
        {(days < policy.minHoldDays || days > policy.maxHoldDays) && ` Holds last ${policy.minHoldDays} to ${policy.maxHoldDays} days.`}
      </p>
    );
  }
  if (type === "cancel") {
    const date = values.cancelDate;
    if (!isIsoDate(date)) return null;
    return (
      <p className={styles.computed}>
        Your membership ends on <strong>{formatLongDate(date)}</strong>: you are billed through that date (your last billing date) and can
        train until then.
      </p>
    );
  }
  return null;
}

export function HoldForm({ policy, today, onSent }: { policy: HoldPolicy; today: string; onSent?: (reference: string) => void }) {
  const form = useForm<HoldInput>({
    formId: "hold",
    endpoint: apiPath("membership-hold"),
    initialValues: HOLD_START,
    fieldOrder: HOLD_FIELDS,
    loadCheck: async () => {
      const { holdErrors } = await import("../../forms/hold/schema");
      return (values) => holdErrors(holdPayload(values), policy, today);
    },
    toPayload: holdPayload,
    onSent,
  });
  const { values } = form.control;
  // Before the page is live (or without its script) every field a choice may ask for is shown: the
  // browser's own post sends them, and the server keeps those the choice needs.
  const live = useFormLive();
  const { type } = values;
  const earliestStart = earliestHoldStart(policy, today);
  const earliestCancel = earliestCancelDate(policy, today);
  const { holdStart } = values;
  const endRange = holdEndRange(policy, isIsoDate(holdStart) ? holdStart : earliestStart);

  return (
    <FormShell
      form={form}
      label="Hold or cancellation request"
      submitLabel={type === "cancel" ? "Send cancellation notice" : type === "hold" ? "Request hold" : "Send request"}
      success={(reference) => <SentMessage words={holdSent(type)} reference={reference} />}
    >
      <RadioGroup
        control={form.control}
        name="type"
        label="What would you like to do?"
        required
        options={[
          {
            value: "hold",
            label: "Put my membership on hold",
            hint: `${policy.minHoldDays} to ${policy.maxHoldDays} days, starting ${policy.holdNoticeDays} or more days from today`,
          },
          { value: "cancel", label: "Cancel my membership", hint: `With ${policy.cancellationNoticeDays} days notice` },
        ]}
      />
      <NameInput control={form.control} label="Member's name" />
      <EmailInput control={form.control} hint="The address on your membership." />
      <PhoneInput control={form.control} />
      <TextConsentBox control={form.control} />
      {(type === "hold" || !live) && (
        <>
          <TextInput
            control={form.control}
            name="holdStart"
            label="First day of the hold"
            type="date"
            required
            min={earliestStart}
            hint={`The earliest possible start is ${formatLongDate(earliestStart)}.`}
          />
          <TextInput
            control={form.control}
            name="holdEnd"
            label="Last day of the hold"
            type="date"
            required
            min={endRange.min}
            max={endRange.max}
            hint={`Between ${formatLongDate(endRange.min)} and ${formatLongDate(endRange.max)} for that start.`}
          />
        </>
      )}
      {(type === "cancel" || !live) && (
        <TextInput
          control={form.control}
          name="cancelDate"
          label="Last day of membership"
          type="date"
          required
          min={earliestCancel}
          hint={`The earliest possible date is ${formatLongDate(earliestCancel)}.`}
        />
      )}
      <div aria-live="polite">
        <Outcome values={values} policy={policy} />
      </div>
      <TextArea
        control={form.control}
        name="reason"
        label="Reason"
        required
        rows={4}
        maxLength={LIMITS.reason}
        hint="Travel, injury, moving away... it helps us improve."
      />
      <Checkbox control={form.control} name="acknowledged" label="I have read the hold and cancellation policy" required />
    </FormShell>
  );
}
