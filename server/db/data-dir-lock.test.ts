import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-lock-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const busyMessage = (pid: number, dir: string) =>
  `Another Switchback server (pid ${pid}) is using ${dir}. Stop it, or set DATA_DIR to another folder.`;

/** A pid no process has any more. */
function deadPid() {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

/**
 * A process that, for each round, spins until `go-<round>` exists and then locks `dir-<round>`, printing what
 * happened; it stays alive (holding what it won) until stopped.
 */
const contender = `
import fs from 'node:fs';
import path from 'node:path';
const { lockDataDir } = await import(process.env.LOCK_MODULE);
const base = process.env.BASE;
const rounds = Number(process.env.ROUNDS);
console.log(JSON.stringify({ ready: true }));
for (let round = 0; round < rounds; round++) {
  while (!fs.existsSync(path.join(base, 'go-' + round))) {}
  try {
    lockDataDir(path.join(base, 'dir-' + round));
    console.log(JSON.stringify({ round, won: true }));
  } catch (err) {
    console.log(JSON.stringify({ round, won: false, message: err.message }));
  }
}
setInterval(() => {}, 60_000);
`;

type Line = { ready?: true; round?: number; won?: boolean; message?: string };

function startContender(base: string, rounds: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', contender], {
    env: { ...process.env, LOCK_MODULE: lockModule, BASE: base, ROUNDS: String(rounds) },
  });
  const lines: Line[] = [];
  const waiters: Array<() => void> = [];
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(JSON.parse(line) as Line);
    waiters.splice(0).forEach((wake) => wake());
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  /** Resolves once the child has printed `count` lines. */
  const printed = async (count: number) => {
    while (lines.length < count) {
      if (child.exitCode !== null) throw new Error(`contender exited early: ${stderr}`);
      await new Promise<void>((wake) => {
        waiters.push(wake);
        setTimeout(wake, 200);
      });
    }
  };
  return { child: child as ChildProcessWithoutNullStreams, lines, printed, exited };
}

describe('data folder lock', () => {
  it('lets exactly one of two processes locking at the same instant win; the other gets the clear error', async () => {
    const base = fs.mkdtempSync(path.join(tmp, 'race-'));
    // Many rounds: the old read-then-write lock let both win about once in 25 here.
    const rounds = 150;
    const a = startContender(base, rounds);
    const b = startContender(base, rounds);
    try {
      await Promise.all([a.printed(1), b.printed(1)]);
      for (let round = 0; round < rounds; round++) {
        // Both are spinning on this file, so both try the lock within moments of each other.
        fs.writeFileSync(path.join(base, `go-${round}`), '');
        await Promise.all([a.printed(round + 2), b.printed(round + 2)]);
        const results = [
          { pid: a.child.pid!, ...a.lines[round + 1]! },
          { pid: b.child.pid!, ...b.lines[round + 1]! },
        ];
        const winners = results.filter((r) => r.won);
        expect(winners, `round ${round}`).toHaveLength(1);
        const winner = winners[0]!;
        const loser = results.find((r) => !r.won)!;
        const dir = path.join(base, `dir-${round}`);
        expect(loser.message).toBe(busyMessage(winner.pid, dir));
        expect(fs.readFileSync(path.join(dir, 'server.pid'), 'utf8')).toBe(String(winner.pid));
      }
    } finally {
      // Stopped rather than told to end, since after a failed round they are still spinning on the next one.
      a.child.kill();
      b.child.kill();
      await Promise.all([a.exited, b.exited]);
    }
  }, 60_000);

  it('refuses a folder whose server.pid names a live process', () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'live-'));
    fs.writeFileSync(path.join(dir, 'server.pid'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(busyMessage(process.ppid, dir));
    expect(fs.readFileSync(path.join(dir, 'server.pid'), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over the lock of a process that died (kill -9), and releases it', () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'stale-'));
    fs.writeFileSync(path.join(dir, 'server.pid'), String(deadPid()));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.pid'))).toBe(false);
  });

  it('recovers from a process that died while taking the lock', () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'crashed-'));
    fs.writeFileSync(path.join(dir, 'server.pid'), String(deadPid()));
    // proper-lockfile's lock, left behind and no longer refreshed.
    const guard = path.join(dir, 'server.pid.lock');
    fs.mkdirSync(guard);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(guard, old, old);
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
    expect(fs.existsSync(guard)).toBe(false);
    release();
  });
});
