import sharp from 'sharp';
import { parse, type $ZodType, type output } from 'zod/v4/core';
import { authSession, verifyOtpData } from '../../contract/auth';
import { latestCode } from '../../server/test/mailbox';

/** What one request came back with; `status` 0 when no answer came (the server died under it, a timeout). */
export type Answer = { status: number; body: unknown; error?: string };

export type Member = { email: string; handleName: string; token: string; userId: number };

type Send = { token?: string; json?: unknown; form?: FormData; timeoutMs?: number };

/** One API call; never throws, so a worker can tell "not acknowledged" from a bug in the script. */
export async function call(base: string, method: string, path: string, { token, json, form, timeoutMs = 15_000 }: Send = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(base + path, {
      method,
      headers,
      body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: kept as text for the report */
    }
    return { status: res.status, body };
  } catch (err) {
    return { status: 0, body: null, error: (err as Error).message };
  }
}

/** The `data` of a 200 envelope checked against its contract schema; throws with the answer otherwise. */
export function okData<T extends $ZodType>(answer: Answer, schema: T): output<T> {
  const envelope = answer.body as { code?: unknown; data?: unknown } | null;
  if (answer.status !== 200 || envelope?.code !== 200) throw new Error(`expected 200, got ${describe(answer)}`);
  return parse(schema, envelope.data);
}

export const describe = (a: Answer) => (a.status === 0 ? `no answer (${a.error})` : `${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The mailed code: the mailer writes the .eml after the register call answered, so it is waited for. */
async function mailedCode(dataDir: string, email: string) {
  for (let i = 0; ; i++) {
    try {
      return await latestCode(dataDir, email);
    } catch (err) {
      if (i >= 50) throw err;
      await sleep(100);
    }
  }
}

/** Register, verify the e-mailed code, complete the profile: the calls a new member makes (server/test/test-app.ts). */
export async function signUp(base: string, dataDir: string, handleName: string): Promise<Member> {
  const email = `${handleName.toLowerCase()}@example.com`;
  const register = await call(base, 'POST', '/api/register', { json: { email } });
  if (register.status !== 200) throw new Error(`register failed: ${describe(register)}`);
  const verify = await call(base, 'POST', '/api/verify_otp', { json: { email, otp: await mailedCode(dataDir, email), type: 1 } });
  const complete = await call(base, 'POST', '/api/register/complete', {
    json: {
      token: okData(verify, verifyOtpData).token,
      password: 'Trail-mix1!',
      handleName,
      firstName: 'Crash',
      lastName: 'Tester',
      dob: '1990-05-17',
      deviceType: 1,
    },
  });
  const session = okData(complete, authSession);
  return { email, handleName, token: session.token.access_token, userId: session.user.userId };
}

/**
 * A few small distinct PNGs, made once: an upload is about surviving the crash, not about the image pipeline. Copied
 * into plain arrays, which a Blob takes as they are.
 */
export async function makeImages(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const png = await sharp({ create: { width: 64 + i * 8, height: 48, channels: 3, background: { r: (i * 70) % 256, g: 120, b: 200 } } })
        .png()
        .toBuffer();
      return new Uint8Array(png);
    }),
  );
}

/** Whether `bytes` are an image sharp can read (a half-written file is not). */
export async function decodes(bytes: Buffer) {
  try {
    const { width, height } = await sharp(bytes).metadata();
    await sharp(bytes).raw().toBuffer();
    return Boolean(width && height);
  } catch {
    return false;
  }
}

/**
 * A small GPX ride. `start` (seconds) differs per import, so every file is a new activity rather than a duplicate of
 * another; `name` becomes the activity's title, which is how the checks find the activity an import made.
 */
export function gpx(name: string, start: number, points = 40) {
  const iso = (t: number) => new Date(t * 1000).toISOString();
  const pts = Array.from(
    { length: points },
    (_, i) => `<trkpt lat="${(46.0 + i * 0.0002).toFixed(6)}" lon="${(7.7 + i * 0.00014).toFixed(6)}"><ele>${500 + i}</ele><time>${iso(start + i * 4)}</time></trkpt>`,
  ).join('\n');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="crash-test" version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><time>${iso(start)}</time></metadata>
  <trk><name>${name}</name><type>road_biking</type><trkseg>
${pts}
  </trkseg></trk>
</gpx>
`);
}
