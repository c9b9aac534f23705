import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type BlobStore } from './blob-store.ts';
import { isOutOfSpace, StorageFullError } from './errors.ts';

/** A partial file no live writer owns, older than this, is abandoned whoever wrote it. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * A directory of files. Writes go to .partial/<pid>_<host>_<uuid> and are renamed into place when
 * complete, so a file under its key is always whole.
 */
export function localBlobStore(root: string): BlobStore {
  const partialDir = path.join(root, '.partial');
  fs.mkdirSync(partialDir, { recursive: true });
  sweepAbandonedPartials(partialDir);
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = fileOf(key);
      const partial = path.join(partialDir, `${process.pid}_${os.hostname()}_${randomUUID()}`);
      try {
        await pipeline(body, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(partial, target);
      } catch (error) {
        throw isOutOfSpace(error) ? new StorageFullError(error) : error;
      } finally {
        await fs.promises.rm(partial, { force: true });
      }
    },
    async get(key) {
      const file = fileOf(key);
      await fs.promises.access(file);
      return fs.createReadStream(file);
    },
    read: (key) => fs.promises.readFile(fileOf(key)),
    delete: (key) => fs.promises.rm(fileOf(key), { force: true }),
    async exists(key) {
      return fs.promises.access(fileOf(key)).then(() => true, () => false);
    },
  };
}

/**
 * Removes what crashed writers left in .partial: files of a process on this host that no longer
 * runs, and any file untouched for an hour (another host's, or an older naming). Several processes
 * may share the directory, so a live writer's file is never touched.
 */
export function sweepAbandonedPartials(partialDir: string): number {
  let removed = 0;
  for (const name of fs.readdirSync(partialDir)) {
    const file = path.join(partialDir, name);
    const pid = Number(name.slice(0, name.indexOf('_')));
    const host = name.slice(name.indexOf('_') + 1, name.lastIndexOf('_'));
    const ownerGone = host === os.hostname() && pid !== process.pid && !processRuns(pid);
    try {
      if (ownerGone || Date.now() - fs.statSync(file).mtimeMs > ABANDONED_AFTER_MS) {
        fs.rmSync(file, { force: true });
        removed++;
      }
    } catch {
      // removed meanwhile by another process's sweep
    }
  }
  return removed;
}

function processRuns(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
