// Invoice vocabulary shared by the API, the worker and the extraction engine.

export const INVOICE_STATUSES = ['pending', 'validated', 'exported'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const PROCESSING_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];

export const ACCEPTED_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type AcceptedFileType = (typeof ACCEPTED_FILE_TYPES)[number];

/** Sniffs the type from the first bytes; the declared type and the file name are never trusted. */
export function sniffFileType(head: Uint8Array): AcceptedFileType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => head[i] === b);
  // PDF readers accept a header within the first 1024 bytes; we require it at the start, as PDF/A does.
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  return null;
}

export const FILE_EXTENSIONS: Record<AcceptedFileType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};
