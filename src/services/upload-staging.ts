// Streams an upload into the blob store while hashing it, sniffing its type and counting its size.
// Nothing is buffered beyond one chunk; a rejected upload leaves no blob behind.
import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { DomainError } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import { ACCEPTED_FILE_TYPES, sniffFileType, type AcceptedFileType } from '../domain/invoice.ts';
import type { BlobStore } from '../storage/blob-store.ts';

export interface StagedFile {
  invoiceId: string;
  storageKey: string;
  fileName: string;
  fileType: AcceptedFileType;
  size: number;
  sha256: string;
}

const SNIFF_BYTES = 8;

function inspector(maxBytes: number) {
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  let type: AcceptedFileType | null = null;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(tooLarge(maxBytes));
      hash.update(chunk);
      if (!type) {
        head = Buffer.concat([head, chunk]);
        if (head.length < SNIFF_BYTES) return done();
        type = sniffFileType(head);
        if (!type) return done(unsupported());
        chunk = head;
      }
      done(null, chunk);
    },
    flush(done) {
      if (!type) return done(size === 0 ? new DomainError('validation_failed', 'The uploaded file is empty') : unsupported());
      done();
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex'), type: type! }) };
}

export const tooLarge = (maxBytes: number) =>
  new DomainError('payload_too_large', `The file is larger than the ${maxBytes}-byte limit`, { max_bytes: maxBytes });

const unsupported = () => new DomainError(
  'unsupported_media_type',
  `Only PDF, JPEG and PNG files are accepted (detected from the content, not the name)`,
  { accepted: [...ACCEPTED_FILE_TYPES] },
);

export async function stageUpload(
  blobs: BlobStore, firmId: string, upload: { stream: Readable; fileName: string }, maxBytes: number,
): Promise<StagedFile> {
  const invoiceId = newId('inv');
  const storageKey = `${firmId}/${invoiceId}`;
  const inspect = inspector(maxBytes);
  // Errors raised by the source (the multipart limit, a dropped connection) must fail the put too.
  upload.stream.on('error', (error) => inspect.stream.destroy(error));
  try {
    await blobs.put(storageKey, upload.stream.pipe(inspect.stream), 'application/octet-stream');
  } catch (error) {
    await blobs.delete(storageKey).catch(() => {});
    throw error;
  }
  const { size, sha256, type } = inspect.result();
  return { invoiceId, storageKey, fileName: sanitiseFileName(upload.fileName), fileType: type, size, sha256 };
}

/** Keeps the name for display only: no directories, no control characters, at most 255 characters. */
export function sanitiseFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return clean || 'upload';
}
