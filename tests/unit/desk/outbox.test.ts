import { OUTBOX_KIND_LABELS } from "../../../src/desk/outbox";
import { OUTBOX_KINDS } from "../../../src/server/store/schema";

test("the Outbox screen names every kind of message the server queues, and no other", () => {
  expect(Object.keys(OUTBOX_KIND_LABELS).sort()).toEqual([...OUTBOX_KINDS].sort());
});
