// A loaded document with its resource caps already enforced (decoded bytes, pages, pixels), all
// checked on what the file declares, before anything is decoded.
import sharp, { type Metadata } from 'sharp';
import type { AcceptedFileType } from '../domain/invoice.ts';
import { openPdf, type PdfDocument } from './pdf/pdf-document.ts';
import { letGo } from './pdf/let-go.ts';
import { shrunkScanFile } from './pdf/scan-file.ts';
import { findScannedPages } from './pdf/scan-pages.ts';
import { shrinkScannedImages } from './pdf/shrink-scans.ts';
import { checkStreamBudget } from './pdf/stream-budget.ts';
import { declaredImageSize } from './image-header.ts';
import { ExtractionError, type ExtractionLimits } from './types.ts';

export interface LoadedDocument {
  fileType: AcceptedFileType;
  bytes: Uint8Array;
  pageCount: number;
  pdf: PdfDocument | null;
  close(): Promise<void>;
}

/** What a PDF's streams may inflate to together, unless the limits say otherwise. */
export const DEFAULT_MAX_DECODED_BYTES = 256 * 1024 * 1024;

/**
 * With `handOver`, a PDF's bytes are the caller's to give away: its big JPEGs are shrunk in place and
 * pdf.js takes the bytes over (they are then empty here), or for a scan they are let go once its
 * JPEGs are read, so the file is held once, not two or three times.
 */
export async function openDocument(bytes: Uint8Array, fileType: AcceptedFileType, limits: ExtractionLimits, handOver = false): Promise<LoadedDocument> {
  if (fileType === 'application/pdf') {
    const budget = await checkStreamBudget(bytes, { totalBytes: limits.maxDecodedBytes ?? DEFAULT_MAX_DECODED_BYTES, maxPixels: limits.maxPixels });
    if (!budget.ok) throw new ExtractionError('document_too_large', `The PDF is refused before decoding: ${budget.reason}`);
    let pdf: PdfDocument;
    try {
      pdf = await openScannedPdf(bytes, limits, handOver) ?? await openShrunkPdf(bytes, limits, handOver);
    } catch (error) {
      throw new ExtractionError('unreadable_document', `The PDF cannot be read: ${(error as Error).message}`);
    }
    if (pdf.pageCount > limits.maxPages) {
      await pdf.close();
      throw new ExtractionError('too_many_pages', `The PDF has ${pdf.pageCount} pages; the limit is ${limits.maxPages}`);
    }
    return { fileType, bytes, pageCount: pdf.pageCount, pdf, close: () => pdf.close() };
  }
  // A standalone e-invoice is data, neither a PDF nor an image: the XML step reads it as text.
  if (fileType === 'application/xml') return { fileType, bytes, pageCount: 1, pdf: null, close: async () => {} };
  // Read the header only: a decompression bomb is refused before any pixel is decoded.
  const declared = declaredImageSize(bytes);
  if (declared) refuseOversize(declared.width, declared.height, limits);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ExtractionError('unreadable_document', `The image cannot be read: ${(error as Error).message}`);
  }
  if (!meta.width || !meta.height) throw new ExtractionError('unreadable_document', 'The image has no size');
  refuseOversize(meta.width, meta.height, limits);
  return { fileType, bytes, pageCount: 1, pdf: null, close: async () => {} };
}

/**
 * A PDF of scanned pages: pdf.js gets the file without its JPEGs, which are decoded from a copy of the
 * file written only where they lie, shrunk when they are big (scan-file.ts). Bytes handed over are
 * then let go (detached) at once, as pdf.js would have taken them, though the pipeline and its caller
 * still refer to them: the 25 MB of a big scan are not held while its pages are decoded.
 */
async function openScannedPdf(bytes: Uint8Array, limits: ExtractionLimits, handOver: boolean): Promise<PdfDocument | null> {
  const scanned = await findScannedPages(bytes, limits.maxPixels);
  if (!scanned) return null;
  const file = await shrunkScanFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), scanned.pages, limits.maxPixels);
  if (!file) return null;
  const pdf = await openPdf(scanned.withoutImages, { maxImagePixels: limits.maxPixels, handOver: true, scans: { pages: scanned.pages, file } });
  if (handOver) letGo(bytes);
  return pdf;
}

/**
 * Any other PDF, its big JPEGs shrunk first (shrink-scans.ts). A file whose JPEGs were shrunk is a
 * copy already: pdf.js takes it over rather than copying 25 MB again.
 */
async function openShrunkPdf(bytes: Uint8Array, limits: ExtractionLimits, handOver: boolean): Promise<PdfDocument> {
  const shrunk = await shrinkScannedImages(bytes, { inPlace: handOver });
  return openPdf(shrunk, { maxImagePixels: limits.maxPixels, handOver: handOver || shrunk !== bytes });
}

function refuseOversize(width: number, height: number, limits: ExtractionLimits) {
  const pixels = width * height;
  if (pixels > limits.maxPixels) {
    throw new ExtractionError('image_too_large', `The image has ${pixels} pixels (${width}x${height}); the limit is ${limits.maxPixels}`);
  }
}
