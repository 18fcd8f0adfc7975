import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { newId } from '../db/ids';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * With SMTP_URL: nodemailer over SMTP. Without it (embedded mode): each message becomes
 * DATA_DIR/outbox/<time>-<id>.json so a person can read a reset code; recipient and subject are logged.
 */
export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.log.info({ to: message.to, subject: message.subject }, 'e-mail sent');
      },
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  return {
    // Synchronous writes on purpose: the file exists once send() returns (the forget route does not
    // await it); `async` still turns a write failure into a rejection for the caller's .catch.
    // eslint-disable-next-line @typescript-eslint/require-await -- see above
    async send(message) {
      mkdirSync(outbox, { recursive: true });
      const file = join(outbox, `${Date.now()}-${newId()}.json`);
      writeFileSync(file, JSON.stringify(message, null, 2));
      options.log.info({ to: message.to, subject: message.subject, file }, 'e-mail written to outbox');
    },
  };
}
