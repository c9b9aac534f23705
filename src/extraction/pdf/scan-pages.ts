// Scanned PDFs: documents whose every page draws one JPEG and nothing else (`q 595 0 0 842 0 0 cm
// /Im0 Do Q`). pdf.js renders such a page by decoding the JPEG in JavaScript to RGB, then RGBA, and
// drawing that on a canvas: ~160 MB for an A4 page at 300 dpi, while the OCR worker of the previous
// scan still holds its heap (docs/benchmarks.md, "Where the peak came from"). Their pages are found
// here before pdf.js opens the file, and each JPEG is decoded on its own (by pdf.js's JPEG decoder,
// without its canvas) straight to the grey page tesseract reads (scan-page-pixels.ts), from a file
// holding only the (shrunk) JPEGs (scan-file.ts). pdf.js is then given the file without those JPEGs
// (their bytes left as zeros that are never written, so never resident). Anything unusual on any
// page (a mask, a second image, text or drawing, another colour space or filter, an annotation)
// leaves the whole document to pdf.js, as before.
import sharp from 'sharp';
import { inflate, isDict, isName, readObjects, readToken, type PdfDict, type PdfObjects, type PdfToken, type PdfValue } from './pdf-objects.ts';
import { shrinkableJpegs, type ShrinkableJpeg } from './shrink-scans.ts';
import { streams } from './stream-budget.ts';

/** A PDF transformation matrix [a b c d e f]: (x, y) becomes (a x + c y + e, b x + d y + f). */
export type Matrix = [number, number, number, number, number, number];

export interface ScanImage {
  /** The page object's number, which pdf.js's page.ref must match for the page to be this one. */
  pageObject: number;
  /** The image's JPEG: a view of the file's bytes, not a copy. */
  jpeg: Buffer;
  /** Where the page's content draws the image's unit square, in the page's space (the CTM at `Do`). */
  matrix: Matrix;
  width: number;
  height: number;
  /** The image's /Interpolate: pdf.js then smooths it however much it is enlarged. */
  interpolate: boolean;
  /** DeviceGray (one channel); DeviceRGB otherwise. */
  grey: boolean;
  /**
   * A JPEG too big to decode as it is (shrink-scans.ts), to be shrunk (scan-file.ts) and then checked
   * as one found small enough is checked here (decodableAsDeclared). `jpeg`, `width` and `height` are the original's.
   */
  shrink?: ShrinkableJpeg;
}

/** A scanned PDF's pages (1-based) and the file pdf.js is given: the same bytes, with zeros for the JPEGs. */
export interface ScannedPdf { pages: Map<number, ScanImage>; withoutImages: Buffer }

/** A page's content stream longer than this is more than an image drawn once. */
const MAX_CONTENT_BYTES = 64 * 1024;
const MAX_TREE_DEPTH = 32;

/**
 * The pages of a PDF all of whose pages are scans, or null. `maxPixels`: images larger than this
 * are dropped by pdf.js (PdfOptions.maxImagePixels), which such a document is left to.
 */
export async function findScannedPages(bytes: Uint8Array, maxPixels: number): Promise<ScannedPdf | null> {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Most PDFs have no JPEG at all: the objects are not read for them.
  if (!hasJpeg(pdf)) return null;
  let pages: PageEntry[];
  let objects: PdfObjects;
  try {
    objects = readObjects(pdf);
    pages = pageList(objects);
  } catch {
    return null; // a structure this reader does not follow: the document is pdf.js's
  }
  const shrinkable = shrinkableJpegs(pdf);
  const found = new Map<number, ScanImage>();
  for (const [i, page] of pages.entries()) {
    const scan = await scanImage(objects, page, maxPixels, (jpeg) => shrinkable.get(jpeg.byteOffset - pdf.byteOffset)).catch(() => null);
    if (!scan) return null;
    found.set(i + 1, scan);
  }
  return found.size ? { pages: found, withoutImages: withoutImages(pdf, [...found.values()]) } : null;
}

/**
 * The file with zeros in place of the JPEGs, in memory that is allocated zeroed (calloc: pages the
 * system maps on first write) and written everywhere but there, so the JPEGs cost nothing in it.
 */
export function withoutImages(pdf: Buffer, scans: ScanImage[]): Buffer {
  const copy = Buffer.alloc(pdf.length);
  let from = 0;
  for (const { jpeg } of [...scans].sort((a, b) => a.jpeg.byteOffset - b.jpeg.byteOffset)) {
    const start = jpeg.byteOffset - pdf.byteOffset;
    if (start < from) continue; // the same JPEG on two pages
    pdf.copy(copy, from, from, start);
    from = start + jpeg.length;
  }
  pdf.copy(copy, from, from);
  return copy;
}

function hasJpeg(pdf: Buffer): boolean {
  for (const stream of streams(pdf)) if (/\/DCTDecode\b/.test(stream.dict)) return true;
  return false;
}

interface PageEntry { object: number; dict: PdfDict; resources: PdfValue | undefined }

/** The leaves of the page tree in order, each with the resources it has or inherits. */
function pageList(objects: PdfObjects): PageEntry[] {
  const catalog = objects.resolve(objects.root);
  if (!isDict(catalog)) throw new Error('no catalog');
  const pages: PageEntry[] = [];
  const seen = new Set<number>();
  const visit = (node: PdfValue | undefined, inherited: PdfValue | undefined, depth: number) => {
    if (typeof node !== 'object' || node === null || !('ref' in node) || seen.has(node.ref) || depth > MAX_TREE_DEPTH) throw new Error('bad page tree');
    seen.add(node.ref);
    const dict = objects.resolve(node);
    if (!isDict(dict)) throw new Error('bad page tree node');
    const resources = dict.get('Resources') ?? inherited;
    const kids = objects.resolve(dict.get('Kids'));
    if (isName(dict.get('Type'), 'Pages') && Array.isArray(kids)) for (const kid of kids) visit(kid, resources, depth + 1);
    else pages.push({ object: node.ref, dict, resources });
  };
  visit(catalog.get('Pages'), undefined, 0);
  return pages;
}

async function scanImage(objects: PdfObjects, page: PageEntry, maxPixels: number, shrinkable: (jpeg: Buffer) => ShrinkableJpeg | undefined): Promise<ScanImage | null> {
  const annotations = objects.resolve(page.dict.get('Annots'));
  if (annotations !== undefined && !(Array.isArray(annotations) && annotations.length === 0)) return null;
  const drawn = singleImageDrawn(contentText(objects, page.dict.get('Contents')));
  if (!drawn) return null;
  const xobjects = objects.resolve(asDict(objects.resolve(page.resources))?.get('XObject'));
  const image = objects.stream(asDict(xobjects)?.get(drawn.name));
  const size = image && plainJpegSize(objects, image.dict);
  if (!image || !size) return null;
  const interpolate = objects.resolve(image.dict.get('Interpolate')) === true;
  const scan = { pageObject: page.object, jpeg: image.data, matrix: drawn.matrix, width: size.width, height: size.height, interpolate, grey: size.grey };
  // A JPEG that is shrunk first is checked once shrunk (scan-file.ts).
  const shrink = shrinkable(image.data);
  if (shrink) return { ...scan, shrink };
  return (await decodableAsDeclared(scan, maxPixels)) ? scan : null;
}

/**
 * Whether pdf.js would decode the JPEG (within its image limit) and read it as the dictionary says:
 * the JPEG's own size, channels and orientation, nothing pdf.js would read differently.
 */
export async function decodableAsDeclared(image: { jpeg: Buffer; width: number; height: number; grey: boolean }, maxPixels: number): Promise<boolean> {
  if (image.width * image.height > maxPixels) return false;
  const meta = await sharp(image.jpeg).metadata();
  const channels = image.grey ? 1 : 3;
  return meta.format === 'jpeg' && meta.width === image.width && meta.height === image.height && meta.channels === channels && (meta.orientation ?? 1) === 1;
}

const asDict = (v: PdfValue | undefined) => (isDict(v) ? v : undefined);

/** 8-bit RGB or grey JPEG, without mask, decode array, decode parameters or optional content. */
function plainJpegSize(objects: PdfObjects, dict: PdfDict): { width: number; height: number; grey: boolean } | null {
  const get = (key: string) => objects.resolve(dict.get(key));
  const filter = get('Filter');
  const filters = Array.isArray(filter) ? filter : [filter];
  const colour = get('ColorSpace');
  const width = get('Width');
  const height = get('Height');
  if (!isName(get('Subtype'), 'Image') || filters.length !== 1 || !isName(filters[0], 'DCTDecode') || get('BitsPerComponent') !== 8) return null;
  if (!isName(colour, 'DeviceRGB') && !isName(colour, 'DeviceGray')) return null;
  if (['SMask', 'Mask', 'Decode', 'DecodeParms', 'OC', 'SMaskInData'].some((key) => dict.has(key)) || get('ImageMask') === true) return null;
  if (typeof width !== 'number' || typeof height !== 'number' || !Number.isInteger(width) || !Number.isInteger(height)) return null;
  return { width, height, grey: colour.name === 'DeviceGray' };
}

/** The page's content streams, decoded and joined (a page's content may be an array of streams). */
function contentText(objects: PdfObjects, contents: PdfValue | undefined): string {
  const resolved = objects.resolve(contents);
  const parts = Array.isArray(resolved) ? resolved : [contents];
  return parts.map((part) => {
    const stream = objects.stream(part);
    if (!stream) throw new Error('content is not a stream');
    return inflate(stream.dict, stream.data, MAX_CONTENT_BYTES).toString('latin1');
  }).join('\n');
}

/**
 * The one XObject the content draws and the matrix it is drawn with, when the content does nothing
 * but save and restore the graphics state, concatenate matrices and draw it; null otherwise.
 */
export function singleImageDrawn(content: string): { name: string; matrix: Matrix } | null {
  const saved: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let operands: PdfToken[] = [];
  let drawn: { name: string; matrix: Matrix } | null = null;
  for (let at = 0, next = readToken(content, 0); next; next = readToken(content, at)) {
    const [token, end] = next;
    at = end;
    if (typeof token === 'number' || isName(token)) {
      operands.push(token);
      continue;
    }
    const operator = typeof token === 'object' && 'keyword' in token ? token.keyword : '';
    if (operator === 'q' && operands.length === 0) saved.push(ctm);
    else if (operator === 'Q' && operands.length === 0 && saved.length) ctm = saved.pop()!;
    else if (operator === 'cm' && operands.length === 6 && operands.every((o) => typeof o === 'number')) ctm = multiply(operands as Matrix, ctm);
    else if (operator === 'Do' && !drawn && operands.length === 1 && isName(operands[0])) drawn = { name: operands[0].name, matrix: ctm };
    else return null;
    operands = [];
  }
  return operands.length === 0 ? drawn : null;
}

/** m applied first, then n (PDF's row-vector convention: m × n). */
export function multiply(m: readonly number[], n: readonly number[]): Matrix {
  const [a, b, c, d, e, f] = m as Matrix;
  const [p, q, r, s, t, u] = n as Matrix;
  return [a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u];
}
