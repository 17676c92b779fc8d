import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bus, BusMessage } from './bus';
import { createRedisBus } from './redis-bus';
import { followNotice } from './test-socket';

/** A logger that keeps what it was told, to show what an operator would read. */
function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (first: unknown, second?: unknown) => {
    lines.push({ level, msg: typeof first === 'string' ? first : String(second) });
  };
  const log = {
    level: 'info',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

function listenTo(bus: Bus) {
  const heard: BusMessage[] = [];
  bus.subscribe((m) => heard.push(m));
  return heard;
}

async function until(check: () => boolean, timeoutMs = 5000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const buses: Bus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});

describe('the Redis bus without Redis', () => {
  it('never fails a publish: this process still hears it, the drop is logged, and it closes promptly', async () => {
    const { log, lines } = recordingLog();
    // Nothing listens on port 1.
    const bus = createRedisBus('redis://127.0.0.1:1', log, { channel: `test:${randomUUID()}` });
    buses.push(bus);
    const heard = listenTo(bus);
    const message: BusMessage = { type: 'sessions-ended', userId: 7 };

    const started = Date.now();
    await expect(bus.publish(message)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(heard).toEqual([message]);
    expect(lines).toContainEqual({ level: 'warn', msg: 'live bus: Redis unavailable, message dropped for other processes' });

    const closing = Date.now();
    await bus.close();
    expect(Date.now() - closing).toBeLessThan(2000);
  });
});

describe.runIf(process.env.REDIS_URL)('the Redis bus', () => {
  const url = process.env.REDIS_URL!;
  // Each run, and each test, on its own channel: parallel test files never hear each other.
  const channel = () => `switchback-test:${process.pid}:${randomUUID()}`;
  // Speaks to Redis directly: counts subscribers, publishes what no bus would.
  let raw: Redis;
  beforeAll(() => {
    raw = new Redis(url);
  });
  afterAll(() => raw?.quit());

  /** Buses subscribe as they start; a test publishes once they all listen. */
  async function subscribers(name: string, count: number) {
    const counted = async () => Number(((await raw.pubsub('NUMSUB', name)) as [string, number])[1]);
    const started = Date.now();
    while ((await counted()) < count) {
      if (Date.now() - started > 5000) throw new Error(`fewer than ${count} subscribers on ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('carries every message to every process on the channel once, the sender included', async () => {
    const name = channel();
    const a = createRedisBus(url, recordingLog().log, { channel: name });
    const b = createRedisBus(url, recordingLog().log, { channel: name });
    const elsewhere = createRedisBus(url, recordingLog().log, { channel: channel() });
    buses.push(a, b, elsewhere);
    const [heardA, heardB, heardElsewhere] = [listenTo(a), listenTo(b), listenTo(elsewhere)];
    await subscribers(name, 2);

    const deliver: BusMessage = { type: 'deliver', userId: 3, message: followNotice(5, 9) };
    const ended: BusMessage = { type: 'sessions-ended', userId: 3, sessionIds: [11, 12] };
    await a.publish(deliver);
    await b.publish(ended);
    await until(() => heardA.length === 2 && heardB.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Each process hears its own at once and the other's a moment later: the same two, in either order.
    for (const heard of [heardA, heardB]) {
      expect(heard).toHaveLength(2);
      expect(heard).toEqual(expect.arrayContaining([deliver, ended]));
    }
    expect(heardElsewhere).toEqual([]);
  });

  it('ignores malformed messages on the channel and keeps listening', async () => {
    const name = channel();
    const { log, lines } = recordingLog();
    const bus = createRedisBus(url, log, { channel: name });
    buses.push(bus);
    const heard = listenTo(bus);
    await subscribers(name, 1);

    const good: BusMessage = { type: 'sessions-ended', userId: 4 };
    for (const text of [
      'not json',
      JSON.stringify({ origin: 'other', message: { type: 'deliver', userId: '4', message: followNotice(1, 2) } }),
      JSON.stringify({ origin: 'other', message: { type: 'deliver', userId: 4, message: { type: 'unknown' } } }),
      JSON.stringify({ origin: 'other', message: { type: 'sessions-ended', userId: 4, extra: true } }),
      JSON.stringify({ message: good }),
      JSON.stringify({ origin: 'other', message: good }),
    ]) {
      await raw.publish(name, text);
    }
    await until(() => heard.length === 1);
    expect(heard).toEqual([good]);
    expect(lines.filter((l) => l.msg === 'live bus: ignored a malformed message')).toHaveLength(5);
  });
});
