import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type BlobStore } from './blob-store.ts';

/** A directory of files. Writes go to a temporary name and are renamed into place when complete. */
export function localBlobStore(root: string): BlobStore {
  fs.mkdirSync(path.join(root, '.partial'), { recursive: true });
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = fileOf(key);
      const partial = path.join(root, '.partial', randomUUID());
      try {
        await pipeline(body, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(partial, target);
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
