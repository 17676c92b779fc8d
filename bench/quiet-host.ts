import fs from 'node:fs';

/** The host's busy and total CPU time so far, from /proc/stat's first line (every core, every process). */
function cpuTimes() {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3]! + (fields[4] ?? 0);
  const total = fields.reduce((sum, n) => sum + n, 0);
  return { busy: total - idle, total };
}

/**
 * Waits until the host is quiet: under `busyShare` of its CPU busy over a two-second window, or `maxMs` have passed
 * (answers how long it waited, and whether it got quiet). A server that has just seeded the demo world goes on
 * importing its activities and making its videos for a while (worker threads, ffmpeg); a page timed meanwhile
 * shares two cores with them, and its blocking time reads several times what it is.
 */
export async function waitForQuietHost({ busyShare = 0.15, maxMs = 180_000 } = {}) {
  const started = Date.now();
  while (Date.now() - started < maxMs) {
    const before = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = cpuTimes();
    if ((after.busy - before.busy) / Math.max(1, after.total - before.total) < busyShare) return { ms: Date.now() - started, quiet: true };
  }
  return { ms: Date.now() - started, quiet: false };
}
