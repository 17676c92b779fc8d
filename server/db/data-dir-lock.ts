import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** How old proper-lockfile's guard must be before it counts as left by a crash and is taken over. */
const GUARD_STALE_MS = 10_000;

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `critical` holding proper-lockfile's lock on `file` (an atomic mkdir of `file.lock`), waiting while another
 * process holds it. A lock left by a process that died holding it is taken over once GUARD_STALE_MS old.
 */
function whileLocked<T>(file: string, critical: () => T): T {
  const deadline = Date.now() + 2 * GUARD_STALE_MS;
  for (;;) {
    let release: () => void;
    try {
      // Sync, since the server takes this lock before anything else starts; realpath off: `file` need not exist.
      release = lockfile.lockSync(file, { realpath: false, stale: GUARD_STALE_MS });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED' || Date.now() > deadline) throw err;
      sleep(10);
      continue;
    }
    try {
      return critical();
    } finally {
      release();
    }
  }
}

/**
 * PGlite is one process's database: a second server on the same directory would corrupt it, so it refuses to
 * start. A lock left by a process that died (kill -9) is taken over.
 *
 * The lock is `server.pid`, holding the owner's pid. Reading it and writing ours happen under proper-lockfile's lock,
 * so two servers started at the same instant cannot both see it free: one wins, the other sees the winner's pid.
 * (Not proper-lockfile's lock alone for the server's lifetime: it knows a dead owner only by a stale mtime, so a
 * restart after kill -9 would wait, and a live server whose event loop stalled could lose its lock.)
 */
export function lockDataDir(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.pid');
  whileLocked(file, () => {
    try {
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(`Another Switchback server (pid ${pid}) is using ${dataDir}. Stop it, or set DATA_DIR to another folder.`);
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    fs.writeFileSync(file, String(process.pid));
  });
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}
