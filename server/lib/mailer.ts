import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string };

export type Mailer = {
  /** Queues a message; never throws to the caller, so an outage cannot change an auth answer. */
  send(mail: Mail): void;
  /** Resolves when every queued message is written or sent (tests, shutdown). */
  flush(): Promise<void>;
};

/** SMTP when `SMTP_URL` is set; otherwise one RFC 822 `.eml` file per message in `DATA_DIR/mail/`. */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  const pending = new Set<Promise<void>>();
  const smtp = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const mailDir = path.join(opts.dataDir, 'mail');
  let sequence = 0;

  async function deliver(mail: Mail) {
    const message = { from: opts.from, to: mail.to, subject: mail.subject, text: mail.text };
    if (smtp) {
      await smtp.sendMail(message);
      return;
    }
    // The name begins with the time sent and its place in the sending order, taken before anything is awaited, so a
    // folder listing reads in the order the mails were sent (building and writing one may finish after a later one).
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
    const file = path.join(mailDir, `${stamp}-${String(++sequence).padStart(4, '0')}-${safeTo}.eml`);
    const built = await builder.sendMail(message);
    await fs.mkdir(mailDir, { recursive: true });
    await fs.writeFile(file, built.message as Buffer);
    opts.log.info({ to: mail.to, file }, `mail written: "${mail.subject}" to ${mail.to} -> ${file}`);
  }

  return {
    send(mail) {
      const p = deliver(mail)
        .catch((err: unknown) => opts.log.error({ err, to: mail.to }, 'mail delivery failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
