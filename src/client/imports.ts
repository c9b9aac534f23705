// What an import sends: the file's bytes and name, and an Idempotency-Key that a re-run derives again.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export type ImportFile = string | { name: string; data: Uint8Array };

export async function readImportFile(file: ImportFile): Promise<{ name: string; data: Uint8Array }> {
  return typeof file === 'string' ? { name: path.basename(file), data: await fs.readFile(file) } : file;
}

/**
 * The Idempotency-Key of importing these bytes, under this name, into this folder. The same file
 * imported again (an interrupted run started over) sends the same key, so the server answers with
 * the invoice it already made. The name is part of it because the server ties a key to the whole
 * request (folder, bytes and file name): the same bytes under another name get another key, and
 * the server reports them as a duplicate instead of refusing a reused key.
 */
export function importIdempotencyKey(dossierId: string, name: string, data: Uint8Array): string {
  const fileSha256 = createHash('sha256').update(data).digest('hex');
  return `import-${createHash('sha256').update(`${dossierId}\0${fileSha256}\0${name}`).digest('hex')}`;
}
