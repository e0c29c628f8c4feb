import { phoneLabel } from "../desk/leads";

/** A phone number as people write it ("(253) 555-0177"), and a tap calls it: never the stored "+1253...". */
export function PhoneLink({ phone }: { phone: string }) {
  return phone ? <a href={`tel:${phone}`}>{phoneLabel(phone)}</a> : null;
}
