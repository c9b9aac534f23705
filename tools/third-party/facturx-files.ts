// The hybrid PDF's embedded XML: dated from the invoice, not the clock, and removed for the text-layer copy.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef } from 'pdf-lib';
import type { CalendarDate } from '../generate/formats.ts';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * factur-x-kit stamps the attachment's modification date with the clock, and its other dates with
 * the invoice date at local midnight (the command sets TZ=UTC). The clock's date is replaced by the
 * invoice's, in a string of the same length, so no byte offset of the file moves and the same seed
 * gives the same bytes.
 */
export function undateAttachment(pdf: Buffer, date: CalendarDate): Buffer {
  const stamp = `/ModDate (D:${date.year}${twoDigits(date.month)}${twoDigits(date.day)}000000Z)`;
  const text = pdf.toString('latin1');
  const dates = text.match(/\/ModDate \(D:\d{14}Z\)/g) ?? [];
  if (dates.length === 0) throw new Error('factur-x-kit wrote no /ModDate: its output changed');
  return Buffer.from(text.replace(/\/ModDate \(D:\d{14}Z\)/g, stamp), 'latin1');
}

/**
 * The same PDF without its embedded files, as the corpus's text-layer-pdf copies are: the catalog's
 * EmbeddedFiles name tree and associated files (AF) go, and the file specifications and streams they
 * held are deleted, so no copy of the XML is left in the file.
 */
export async function stripAttachments(pdf: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const catalog = doc.catalog;
  const names = catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const entries = tree?.lookupMaybe(PDFName.of('Names'), PDFArray);
  for (let i = 1; entries && i < entries.size(); i += 2) {
    const specRef = entries.get(i);
    const spec = doc.context.lookupMaybe(specRef, PDFDict);
    const streams = spec?.lookupMaybe(PDFName.of('EF'), PDFDict);
    for (const key of streams?.keys() ?? []) {
      const streamRef = streams!.get(key);
      if (streamRef instanceof PDFRef) doc.context.delete(streamRef);
    }
    if (specRef instanceof PDFRef) doc.context.delete(specRef);
  }
  names?.delete(PDFName.of('EmbeddedFiles'));
  catalog.delete(PDFName.of('AF'));
  return Buffer.from(await doc.save({ useObjectStreams: false, updateFieldAppearances: false }));
}
