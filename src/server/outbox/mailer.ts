import nodemailer from "nodemailer";
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
        from: mail.from,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageId,
        attachments: mail.attachments,
      });
    },
  };
}
