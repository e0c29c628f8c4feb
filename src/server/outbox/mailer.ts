import nodemailer from "nodemailer";
import type { Headers } from "nodemailer/lib/mailer";
import * as mimeFuncs from "nodemailer/lib/mime-funcs";
import SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Mail } from "./delivery";

/** Sends one e-mail over SMTP; what each e-mail says is written by its feature. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * How long one SMTP exchange may stall, in ms. Together they stay well under the outbox lock
 * (sender.ts, DEFAULT_LOCK_MS), so a message is never taken by a second sender while the first is
 * still waiting on a slow server. nodemailer's own defaults (2 min connect, 10 min idle) are not.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/**
 * The subject as nodemailer is to write it. nodemailer writes an ASCII subject as it is, and a mail
 * client decodes every RFC 2047 encoded word it finds in one: a subject made from stored text shaped
 * like one ("=?UTF-8?B?4oCu...?=" in a name kept before the forms refused it, src/forms/text.ts) would
 * show the characters it encodes, a right-to-left override among them. Any subject with "=?" in it is
 * written whole as encoded words of its own, which a client decodes once, into the text as it was.
 */
function subjectOf(subject: string): { subject: string } | { headers: Headers } {
  if (!subject.includes("=?")) return { subject };
  // Folded between words, so no header line is longer than mail allows.
  return { headers: { Subject: { prepared: true, value: mimeFuncs.encodeWord(subject, "B", 52).replaceAll("?= =?", "?=\r\n =?") } } };
}

export function smtpMailer(smtpUrl: string): Mailer & { timeouts(): Record<string, unknown> } {
  // Given a plain object with `url`, nodemailer takes its settings from the URL alone and drops the
  // timeouts; the transport built directly keeps both.
  const transport = nodemailer.createTransport(new SMTPTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }));
  const options = (transport.transporter as unknown as { options: Record<string, unknown> }).options;
  return {
    timeouts: () => ({
      connectionTimeout: options.connectionTimeout,
      greetingTimeout: options.greetingTimeout,
      socketTimeout: options.socketTimeout,
    }),
    async send(mail) {
      await transport.sendMail({
        to: mail.to,
        bcc: mail.bcc,
        from: mail.from,
        replyTo: mail.replyTo,
        ...subjectOf(mail.subject),
        text: mail.text,
        messageId: mail.messageId,
        attachments: mail.attachments,
      });
    },
  };
}
