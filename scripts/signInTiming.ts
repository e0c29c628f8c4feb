/**
 * Does asking for a staff sign-in link answer in the same time for a staff address as for anyone else?
 * A stranger who could tell them apart by timing would learn who is staff. Starts the production server
 * on the build here (SQLite, mail to a loopback SMTP server, so the sender does its real work), adds 50
 * staff accounts, then asks for a link for 50 staff and 50 other addresses, alternating, each from its
 * own loopback address (no limit is met), one at a time with the outbox idle before each, and prints
 * the answer times. Needs a build.
 *
 * With --forged-device every request also carries a device cookie the server never issued (a stranger
 * trying the known-device path): it must count as none, and still tell staff from others by nothing.
 *
 *   npm run bench:sign-in [-- --pairs 50] [-- --forged-device]
 */
import { performance } from "node:perf_hooks";
import { DEVICE_COOKIE, newToken } from "../src/server/staff/auth";
import { postJsonFrom } from "../tests/support/fromAddress";
import { startProductionServer } from "../tests/support/servers";
import { startTestSmtp } from "../tests/support/smtp";
import { withStore } from "../tests/support/staff";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

function summary(times: readonly number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, t) => sum + t, 0) / sorted.length;
  return `median ${quantile(sorted, 0.5).toFixed(2)} ms, p10 ${quantile(sorted, 0.1).toFixed(2)}, p90 ${quantile(sorted, 0.9).toFixed(2)}, mean ${mean.toFixed(2)} (n=${sorted.length})`;
}

async function main() {
  const pairs = option("pairs", 50);
  const forged = process.argv.includes("--forged-device");
  const smtp = await startTestSmtp();
  const server = await startProductionServer({ env: { SMTP_URL: smtp.url, STAFF_EMAIL: "coaches@gym.example" } });
  try {
    const staff = Array.from({ length: pairs }, (_, i) => `coach${i}@gym.example`);
    await withStore(server.dataDir, async (store) => {
      for (const email of staff) await store.addStaff(email, "coach", new Date());
    });
    // Every answer's work is done, and the sender's after it: nothing of one request lands in the next's time.
    const idle = async () => {
      for (;;) {
        const pending = await withStore(server.dataDir, (store) => store.outbox(["pending"]));
        if (pending.length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    let client = 0;
    const ask = async (email: string): Promise<number> => {
      client += 1;
      const from = `127.0.${1 + Math.floor(client / 250)}.${1 + (client % 250)}`;
      await idle();
      const started = performance.now();
      const headers: Record<string, string> = forged ? { Cookie: `${DEVICE_COOKIE}=${newToken()}` } : {};
      const answer = await postJsonFrom(from, `${server.url}/api/staff/sign-in`, { email }, headers);
      const took = performance.now() - started;
      if (answer.status !== 202) throw new Error(`asking for ${email} answered ${answer.status}: ${answer.text}`);
      return took;
    };
    // Warm-up: the first requests load the functions and open the store.
    for (let i = 0; i < 10; i++) await ask(`warm${i}@example.com`);
    const times = { staff: [] as number[], other: [] as number[] };
    for (let i = 0; i < pairs; i++) {
      // Alternate which goes first, so neither kind always follows the other.
      const order = i % 2 === 0 ? (["staff", "other"] as const) : (["other", "staff"] as const);
      for (const kind of order) times[kind].push(await ask(kind === "staff" ? (staff[i] as string) : `visitor${i}@example.com`));
    }
    await idle();
    console.log(`Staff addresses:     ${summary(times.staff)}`);
    console.log(`Other addresses:     ${summary(times.other)}`);
    const [s, o] = [
      quantile(
        [...times.staff].sort((a, b) => a - b),
        0.5,
      ),
      quantile(
        [...times.other].sort((a, b) => a - b),
        0.5,
      ),
    ];
    console.log(`Median difference:   ${(s - o).toFixed(2)} ms (staff minus other)`);
    console.log(`Links mailed:        ${smtp.received.length} (one per staff address asked for)`);
  } finally {
    await server.stop();
    await smtp.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
