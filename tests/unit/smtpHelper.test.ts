import net from "node:net";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * The loopback SMTP server the tests read mail from: a sender that is killed mid-message (the durability
 * and shutdown tests do it on purpose) resets its connection, and smtp-server reports that as an
 * "error" event. It must not be thrown in the test process, where it stopped a Playwright worker
 * between two tests.
 */
async function dropMidMessage(port: number): Promise<void> {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("data", resolve));
  socket.write("EHLO sender.example\r\nMAIL FROM:<site@gym.example>\r\n");
  // The server has answered MAIL FROM: the transaction is open when the connection is reset.
  await new Promise<void>((resolve) => socket.on("data", (chunk: Buffer) => chunk.toString().includes("250 Accepted") && resolve()));
  const closed = new Promise((resolve) => socket.once("close", resolve));
  socket.resetAndDestroy();
  await closed;
}

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.stop());

test("senders reset mid-message leave the server up and the test process running", async () => {
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  process.on("uncaughtException", record);
  try {
    for (let i = 0; i < 3; i++) await dropMidMessage(smtp.port);
    // The server sees each reset after the sender has closed: wait until all three are reported, to
    // its listener or thrown.
    const deadline = Date.now() + 5_000;
    while (smtp.connectionErrors() + uncaught.length < 3 && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off("uncaughtException", record);
  }
  expect(uncaught).toEqual([]);
  expect(smtp.connectionErrors()).toBe(3);
  // Still taking connections.
  await dropMidMessage(smtp.port);
  expect(smtp.connectionErrors()).toBeGreaterThanOrEqual(3);
});
