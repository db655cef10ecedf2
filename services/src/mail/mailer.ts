import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail carries: printed in the log when no SMTP server is configured. */
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Through SMTP_URL when set; else the link goes to the log (at warn, so `make start` shows it): a newcomer
 * can still verify an account and reset a password without a mail server.
 */
export function createMailer(options: { smtpUrl?: string | undefined; from: string; logger: Logger }): Mailer {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    return {
      send(mail) {
        logger.warn(
          { mailTo: mail.to, subject: mail.subject, link: mail.link },
          'mail not sent (no SMTP_URL): its link',
        );
        return Promise.resolve();
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
