// Resident memory of another process, read from /proc (Linux). Elsewhere it is unknown (null) and
// only the sandbox's V8 heap limit and the decoded-size caps bound an extraction.
import fs from 'node:fs';

export function residentBytes(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'latin1');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}
