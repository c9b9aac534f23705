// The files `invoices import` sends, and a bounded pool to send them with.
import fs from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from './exit.ts';

/** The types the service accepts (it checks the bytes; the extension only picks what to send): PDF, JPEG, PNG, UBL/CII XML. */
export const IMPORTABLE_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png', '.xml'];

const importable = (file: string) => IMPORTABLE_EXTENSIONS.includes(path.extname(file).toLowerCase());

/**
 * Files and folders (recursively, hidden entries skipped) to the importable files, sorted and
 * without repeats, with the named files of another type listed apart so they can be reported.
 */
export async function collectFiles(paths: string[]): Promise<{ files: string[]; skipped: string[] }> {
  const files = new Set<string>();
  const skipped: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && importable(full)) files.add(full);
    }
  };
  for (const given of paths) {
    const stat = await fs.stat(given).catch(() => undefined);
    if (!stat) throw new UsageError(`No such file or folder: ${given}`);
    if (stat.isDirectory()) await walk(given);
    else if (importable(given)) files.add(given);
    else skipped.push(given);
  }
  return { files: [...files].sort(), skipped };
}

/** Runs work on every item, at most `concurrency` at once; stops starting new items once `stop()` says so. */
export async function runPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>, stop: () => boolean = () => false): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !stop()) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}
