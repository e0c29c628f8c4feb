/** "We accept Credit Card and Debit Card." from site.json. */
export function PaymentNote({ methods }: { methods: readonly string[] }) {
  if (methods.length === 0) return null;
  const list = new Intl.ListFormat("en-US", { type: "conjunction" }).format(methods);
  return (
    <p>
      <strong>Payment accepted:</strong> {list}.
    </p>
  );
}
