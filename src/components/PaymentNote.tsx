/** "We accept Credit Card and Debit Card." from site.json. */
export function PaymentNote({ methods }: { methods: readonly string[] }) {
  if (methods.length === 0) return null;
  const list = methods.length === 1 ? methods[0] : `${methods.slice(0, -1).join(", ")} and ${methods[methods.length - 1]}`;
  return (
    <p>
      <strong>Payment accepted:</strong> {list}.
    </p>
  );
}
