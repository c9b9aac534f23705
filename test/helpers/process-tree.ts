// A process and all its descendants, read from /proc (Linux): resident memory and CPU time.
import fs from 'node:fs';

function descendants(pid: number): number[] {
  const found: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      for (const child of fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) {
        found.push(Number(child), ...descendants(Number(child)));
      }
    }
  } catch {
    // The process ended between two reads.
  }
  return found;
}

const tree = (pid: number) => [pid, ...descendants(pid)];

/** Resident bytes of the process and its descendants. */
export function treeRss(pid = process.pid): number {
  let total = 0;
  for (const p of tree(pid)) {
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      // ended
    }
  }
  return total;
}

/** CPU seconds (user + system) used so far by the process and its live descendants. */
export function treeCpuSeconds(pid = process.pid): number {
  let ticks = 0;
  for (const p of tree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // ended
    }
  }
  return ticks / 100; // USER_HZ
}

/** Threads of one process (a worker thread ending shows here). */
export function threadCount(pid: number): number {
  return Number(/Threads:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Samples treeRss every `everyMs` while `work` runs; returns its outcome and the peak. */
export async function peakRssDuring<T>(work: () => Promise<T>, everyMs = 20, pid = process.pid): Promise<{ outcome: PromiseSettledResult<T>; peakBytes: number; ms: number }> {
  let peak = treeRss(pid);
  const timer = setInterval(() => { peak = Math.max(peak, treeRss(pid)); }, everyMs);
  const started = performance.now();
  const [outcome] = await Promise.allSettled([work()]);
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, treeRss(pid));
  return { outcome: outcome!, peakBytes: peak, ms };
}
