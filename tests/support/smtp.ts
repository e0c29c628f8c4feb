import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  header(name: string): string | undefined;
  /** A header as a mail client shows it (shownHeader). */
  shown(name: string): string | undefined;
}

/**
 * A real SMTP server on loopback that keeps what it receives. `rejectNext` makes it refuse messages
 * with a temporary failure, like a mail server that is having trouble; `delayMs` makes it take that
 * long to accept each message, like a slow one (`receiving` counts messages whose data has arrived).
 */
export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Messages whose data has arrived, accepted or not yet. */
  receiving(): number;
  /** Connection errors the server reported (a sender that reset its connection mid-message). */
  connectionErrors(): number;
  rejectNext(count: number): void;
  stop(): Promise<void>;
}

export async function startTestSmtp(port = 0, { delayMs = 0 } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let rejecting = 0;
  let arrived = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => void accept());
      const accept = async () => {
        arrived += 1;
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (rejecting > 0) {
          rejecting -= 1;
          const error = Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const headerBlock = raw.split(/\r?\n\r?\n/)[0] ?? "";
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          header(name) {
            const match = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(headerBlock);
            return match?.[1]?.replace(/\r?\n[ \t]/g, " ").trim();
          },
          shown(name) {
            const value = this.header(name);
            return value === undefined ? undefined : shownHeader(value);
          },
        });
        callback();
      };
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // smtp-server emits a connection's socket error (a sender killed mid-message: ECONNRESET) as the
  // server's "error" event, and an "error" event nobody listens to is thrown. Tests kill servers that
  // are sending mail on purpose; thrown between two tests, it stopped the Playwright worker (the next
  // test "did not run", with an error "not a part of any test"). What the sender did is checked by the
  // tests through `received`; the errors are kept for the test of this helper.
  // Any other error (the listening socket's own) is still thrown, as before.
  const connectionErrors: Error[] = [];
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") throw error;
    connectionErrors.push(error);
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    receiving: () => arrived,
    connectionErrors: () => connectionErrors.length,
    rejectNext(count) {
      rejecting = count;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ENCODED_WORD = /=\?([^?\s*]+)(?:\*[^?\s]*)?\?([bq])\?([^?]*)\?=/gi;

/**
 * A header's value as a mail client shows it: every RFC 2047 encoded word ("=?UTF-8?B?...?=") decoded,
 * and the space between two of them dropped. Once, as clients do: text that a decoded word holds is
 * not decoded again. Lenient like clients: any charset name, spaces inside a word's text.
 */
export function shownHeader(value: string): string {
  const joined = value.replace(new RegExp(`(${ENCODED_WORD.source})\\s+(?=${ENCODED_WORD.source})`, "gi"), "$1");
  return joined.replace(ENCODED_WORD, (word, charset: string, encoding: string, text: string) => {
    const bytes =
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64")
        : Buffer.from(
            text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          );
    try {
      return new TextDecoder(charset.toLowerCase()).decode(bytes);
    } catch {
      return word; // a charset the client does not know: shown as it is
    }
  });
}

/**
 * The decoded body of the first MIME part of a type ("text/calendar") in a raw message, or undefined.
 * Enough MIME for the messages nodemailer writes: base64, quoted-printable or plain parts.
 */
export function mimePart(raw: string, type: string): string | undefined {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const [head = "", ...body] = part.split(/\r?\n\r?\n/);
    if (!new RegExp(`^Content-Type:\\s*${type}`, "im").test(head)) continue;
    const content = body.join("\r\n\r\n").replace(/\r?\n--[^\r\n]*--\s*$/, "");
    const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
    if (encoding === "base64") return Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8");
    if (encoding === "quoted-printable") {
      return Buffer.from(
        content.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");
    }
    return content;
  }
  return undefined;
}
