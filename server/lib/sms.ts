import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export type Sms = { to: string; text: string };

export type SmsSender = {
  /** Queues a text; never throws to the caller (delivery problems are logged). */
  send(sms: Sms): void;
  /** Resolves when every queued text is written or sent (tests, shutdown). */
  flush(): Promise<void>;
};

/**
 * An HTTP SMS provider when `SMS_WEBHOOK_URL` is set (POST `{to, text}` as JSON); otherwise one text file per
 * message in `DATA_DIR/sms/`, its name beginning with the time sent, announced on the console.
 */
export function createSmsSender(opts: { webhookUrl: string | undefined; dataDir: string; log: FastifyBaseLogger }): SmsSender {
  const pending = new Set<Promise<void>>();
  const smsDir = path.join(opts.dataDir, 'sms');
  let sequence = 0;

  async function deliver(sms: Sms) {
    if (opts.webhookUrl) {
      const res = await fetch(opts.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sms),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered HTTP ${res.status}`);
      return;
    }
    await fs.mkdir(smsDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(smsDir, `${stamp}-${String(++sequence).padStart(4, '0')}-${sms.to.replace(/[^0-9+]/g, '')}.txt`);
    await fs.writeFile(file, `To: ${sms.to}\n\n${sms.text}\n`);
    opts.log.info({ to: sms.to, file }, `sms written to ${sms.to} -> ${file}`);
  }

  return {
    send(sms) {
      const p = deliver(sms)
        .catch((err: unknown) => opts.log.error({ err, to: sms.to }, 'sms delivery failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
