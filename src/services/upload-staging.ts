// Streams an upload into the blob store while hashing it, sniffing its type and counting its size.
// Nothing is buffered beyond one chunk; a rejected upload leaves no blob behind.
import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { DomainError } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import { ACCEPTED_FILE_TYPES, detectFileType, type AcceptedFileType, type FileTypeVerdict } from '../domain/invoice.ts';
import type { BlobStore } from '../storage/blob-store.ts';

export interface StagedFile {
  invoiceId: string;
  storageKey: string;
  fileName: string;
  fileType: AcceptedFileType;
  size: number;
  sha256: string;
}

function inspector(maxBytes: number) {
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  let type: AcceptedFileType | null = null;
  // The head is held back until the type is decided: 8 bytes for a binary type, up to the XML
  // root element (at most XML_SNIFF_BYTES) for an e-invoice.
  const decide = (verdict: FileTypeVerdict) => {
    if (verdict.kind === 'refused') return verdict.reason === 'xml_dtd' ? xmlDtdRefused() : unsupported();
    if (verdict.kind === 'accepted') type = verdict.type;
    return undefined;
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(tooLarge(maxBytes));
      hash.update(chunk);
      if (!type) {
        head = Buffer.concat([head, chunk]);
        const refused = decide(detectFileType(head, false));
        if (refused) return done(refused);
        if (!type) return done();
        chunk = head;
      }
      done(null, chunk);
    },
    flush(done) {
      if (!type && size === 0) return done(new DomainError('validation_failed', 'The uploaded file is empty'));
      if (!type) {
        const refused = decide(detectFileType(head, true));
        if (refused) return done(refused);
        this.push(head);
      }
      done();
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex'), type: type! }) };
}

export const tooLarge = (maxBytes: number) =>
  new DomainError('payload_too_large', `The file is larger than the ${maxBytes}-byte limit`, { max_bytes: maxBytes });

const unsupported = () => new DomainError(
  'unsupported_media_type',
  'Only PDF, JPEG and PNG files and UBL 2.1 or UN/CEFACT CII e-invoices (XML) are accepted (detected from the content, not the name)',
  { accepted: [...ACCEPTED_FILE_TYPES] },
);

// A DTD can pull in external files (XXE) or expand entities without bound (billion laughs).
const xmlDtdRefused = () => new DomainError(
  'unsupported_media_type',
  'XML with a DOCTYPE (a DTD or entity declarations) is refused: e-invoices need neither',
  { accepted: [...ACCEPTED_FILE_TYPES], reason: 'xml_dtd' },
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
