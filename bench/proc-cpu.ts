import fs from 'node:fs';

// CPU time read from /proc (Linux only; 0 or nothing elsewhere), for the benches that split a run's CPU between the
// server, the database and themselves.

/** CPU time (ms) a process has used so far (user + system; USER_HZ is 100 on Linux); 0 when unreadable. */
export function cpuOf(pid: number | string) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU (ms) of every process on this machine whose command line starts with `command` (`postgres`, `redis-server`),
 * by pid: per process, so one that ends meanwhile (another client's backend) takes nothing away.
 */
export function cpuOfCommand(command: string) {
  const byPid = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith(command)) byPid.set(pid, cpuOf(pid));
    } catch {
      // Ended while we looked.
    }
  }
  return byPid;
}

/** The CPU (ms) the processes of two `cpuOfCommand` readings used between them. */
export const cpuSince = (before: Map<string, number>, after: Map<string, number>) => [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
