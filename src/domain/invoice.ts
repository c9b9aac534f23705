// Invoice vocabulary shared by the API, the worker and the extraction engine.
import { sniffXml, XML_SNIFF_BYTES } from './xml-sniff.ts';

export const INVOICE_STATUSES = ['pending', 'validated', 'exported'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const PROCESSING_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];

/** application/xml is a standalone e-invoice: UBL 2.1 Invoice or CreditNote, or UN/CEFACT CII. */
export const ACCEPTED_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'application/xml'] as const;
export type AcceptedFileType = (typeof ACCEPTED_FILE_TYPES)[number];

/** Bytes that always decide a binary type; an XML file may need up to XML_SNIFF_BYTES. */
export const BINARY_SNIFF_BYTES = 8;
export { XML_SNIFF_BYTES };

export type FileTypeVerdict =
  | { kind: 'accepted'; type: AcceptedFileType }
  | { kind: 'refused'; reason: 'unsupported' | 'xml_dtd' }
  | { kind: 'need_more' };

/**
 * Decides a file's type from its first bytes; the declared type and the file name are never trusted.
 * `complete` says the head is all there is, so an undecided XML prologue is final.
 */
export function detectFileType(head: Uint8Array, complete: boolean): FileTypeVerdict {
  const starts = (...sig: number[]) => sig.every((b, i) => head[i] === b);
  // PDF readers accept a header within the first 1024 bytes; we require it at the start, as PDF/A does.
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return { kind: 'accepted', type: 'application/pdf' };
  if (starts(0xff, 0xd8, 0xff)) return { kind: 'accepted', type: 'image/jpeg' };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { kind: 'accepted', type: 'image/png' };
  if (head.length < BINARY_SNIFF_BYTES && !complete) return { kind: 'need_more' };
  const xml = sniffXml(head, complete);
  if (xml.kind === 'invoice') return { kind: 'accepted', type: 'application/xml' };
  if (xml.kind === 'dtd') return { kind: 'refused', reason: 'xml_dtd' };
  if (xml.kind === 'incomplete') return { kind: 'need_more' };
  return { kind: 'refused', reason: 'unsupported' };
}

/** The type of a whole file (or of its first XML_SNIFF_BYTES), or null when it is not accepted. */
export function sniffFileType(head: Uint8Array): AcceptedFileType | null {
  const verdict = detectFileType(head.subarray(0, XML_SNIFF_BYTES), true);
  return verdict.kind === 'accepted' ? verdict.type : null;
}

export const FILE_EXTENSIONS: Record<AcceptedFileType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/xml': 'xml',
};
