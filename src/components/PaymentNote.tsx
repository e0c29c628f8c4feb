import { listText } from "../content/dates";

/** "We accept Credit Card and Debit Card." from site.json. */
export function PaymentNote({ methods }: { methods: readonly string[] }) {
  if (methods.length === 0) return null;
  const list = listText(methods, "and");
  return (
    <p>
      <strong>Payment accepted:</strong> {list}.
    </p>
  );
}
