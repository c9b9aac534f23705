// PDF access through pdfjs-dist (Apache-2.0): embedded files, positioned text, page rendering.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, type PDFDocumentProxy, type PDFPageProxy, type PageViewport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextRun } from '../layout/text-run.ts';
import { scanPagePixels } from './scan-page-pixels.ts';
import type { ScanImage } from './scan-pages.ts';
import { letGo } from './let-go.ts';
import { shrinkScannedImages } from './shrink-scans.ts';

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));
// Fonts and CMaps come from the package on disk: nothing is fetched.
const STANDARD_FONTS = `${path.join(PDFJS_DIR, 'standard_fonts')}/`;
const CMAPS = `${path.join(PDFJS_DIR, 'cmaps')}/`;

export interface PdfDocument {
  pageCount: number;
  attachments(): Promise<Array<{ name: string; content: Uint8Array }>>;
  textRuns(pageNumber: number): Promise<TextRun[]>;
  /**
   * Renders the page at the given resolution and hands its pixels to `use`, which must be done with
   * them when its promise settles: they are the canvas's own memory, freed right after.
   */
  renderPage<T>(pageNumber: number, dpi: number, use: (pixels: RawPixels) => Promise<T>): Promise<T>;
  /** Frees the document; again, does nothing. */
  close(): Promise<void>;
}

/**
 * A rendered page has at most this many pixels: A4 at 300 dpi is 8.7 million, what OCR needs. A
 * larger page (A3, a poster-sized MediaBox) is rendered at a lower resolution rather than at 300 dpi.
 */
export const MAX_RENDER_PIXELS = 12_000_000;

/** Uncompressed pixels, `channels` bytes each, row after row. */
export interface RawPixels { data: Buffer; width: number; height: number; channels: 1 | 3 | 4 }

function loadPdf(bytes: Uint8Array, options: PdfOptions): Promise<PDFDocumentProxy> {
  return getDocument({
    // pdf.js takes (detaches) the memory block of what it is given when it is one whole block, and
    // copies it otherwise; it refuses a Buffer, so a handed-over one is passed as a Uint8Array view.
    data: options.handOver ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes),
    standardFontDataUrl: STANDARD_FONTS,
    cMapUrl: CMAPS,
    cMapPacked: true,
    maxImageSize: options.maxImagePixels,
    // Never compile fonts or functions with eval: a hostile file's code stays data.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
}

export interface PdfOptions {
  /** Images declaring more pixels than this are left out by pdf.js before they are decoded. */
  maxImagePixels: number;
  /** The bytes are the caller's own copy, which pdf.js may take over (it detaches them); else it gets a copy. */
  handOver?: boolean;
  /**
   * A scanned PDF (scan-pages.ts): its pages, by number, are decoded without pdf.js, which is given
   * the file without their JPEGs; `file` (scan-file.ts) has them, for a page pdf.js must render after
   * all, and is let go (detached) when the document closes.
   */
  scans?: { pages: Map<number, ScanImage>; file: Buffer };
}

export async function openPdf(bytes: Uint8Array, options: PdfOptions): Promise<PdfDocument> {
  const doc = await loadPdf(bytes, options);
  // One page is rendered at a time: each render holds its page's decoded images (a 600-dpi colour
  // scan is 100 MB of pixels per page), and pages rendered side by side would hold them all at once.
  let rendering: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = rendering.then(work, work);
    rendering = run.catch(() => {});
    return run;
  };

  let closing: Promise<void> | undefined;
  let whole: Promise<PDFDocumentProxy> | undefined;
  return {
    pageCount: doc.numPages,
    async attachments() {
      const found = (await doc.getAttachments()) as Record<string, { filename: string; content: Uint8Array }> | null;
      return Object.values(found ?? {}).map((a) => ({ name: a.filename, content: a.content }));
    },
    async textRuns(pageNumber) {
      const page = await doc.getPage(pageNumber);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const runs: TextRun[] = [];
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        // transform = [a, b, c, d, e, f]: font size from the matrix, baseline at (e, f) in PDF units.
        const [a, b, , , e, f] = item.transform as number[];
        const size = Math.hypot(a!, b!) || item.height || 10;
        const [x, y] = viewport.convertToViewportPoint(e!, f!) as [number, number];
        runs.push({ text: item.str, x, y: y - size, w: item.width, h: size, page: pageNumber });
      }
      page.cleanup();
      return runs;
    },
    renderPage: (pageNumber, dpi, use) => oneAtATime(async () => {
      const page = await doc.getPage(pageNumber);
      const viewport = page.getViewport({ scale: renderScale(page.getViewport({ scale: 1 }), dpi) });
      try {
        const scan = options.scans?.pages.get(pageNumber);
        if (!scan) return await renderOnCanvas(doc, page, viewport, use);
        // The page found as a scan must be the one pdf.js numbers so; a JPEG that fails to decode here is pdf.js's to render.
        const pixels = scan.pageObject === page.ref?.num ? await scanPagePixels(scan, viewport).catch(() => null) : null;
        if (pixels) return await use(pixels);
        // pdf.js's copy of the file lacks the JPEG: this page is rendered from a copy of the whole file.
        whole ??= wholeFile(options.scans!.file, options.maxImagePixels);
        const wholePage = await (await whole).getPage(pageNumber);
        try {
          return await renderOnCanvas(await whole, wholePage, viewport, use);
        } finally {
          wholePage.cleanup();
        }
      } finally {
        page.cleanup();
      }
    }),
    close: () => {
      if (options.scans) letGoOfScans(options.scans);
      return (closing ??= Promise.all([doc.destroy(), whole?.then((w) => w.destroy())]).then(() => {}));
    },
  };
}

/**
 * The whole file, as pdf.js is given a document that is not a scan (document.ts): the pages' JPEGs are
 * shrunk in it already, any other big JPEG is shrunk now.
 */
async function wholeFile(file: Uint8Array, maxImagePixels: number): Promise<PDFDocumentProxy> {
  const shrunk = await shrinkScannedImages(file);
  return loadPdf(shrunk, { maxImagePixels, handOver: shrunk !== file });
}

/** The scans' JPEGs are views of their file, which is let go: freed, though the pipeline may still refer to the document. */
function letGoOfScans(scans: NonNullable<PdfOptions['scans']>) {
  scans.pages.clear();
  letGo(scans.file);
}

async function renderOnCanvas<T>(doc: PDFDocumentProxy, page: PDFPageProxy, viewport: PageViewport, use: (pixels: RawPixels) => Promise<T>): Promise<T> {
  const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
  const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  try {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: context, viewport, canvas } as never).promise;
    // The canvas's own RGBA memory, not a copy, and no PNG: encoding a noisy 300-dpi page took
    // 1.6 s (as long as rendering it) and decoding it again 0.3 s, for the same grey pixels.
    return await use({ data: canvas.data(), width: canvas.width, height: canvas.height, channels: 4 });
  } finally {
    factory.destroy({ canvas, context });
  }
}

/** The scale for the wanted resolution, lowered so that the page stays within MAX_RENDER_PIXELS. */
function renderScale(pageAt72: { width: number; height: number }, dpi: number): number {
  const scale = dpi / 72;
  const pixels = pageAt72.width * pageAt72.height * scale * scale;
  return pixels > MAX_RENDER_PIXELS ? scale * Math.sqrt(MAX_RENDER_PIXELS / pixels) : scale;
}

interface CanvasFactory {
  create(w: number, h: number): { canvas: { width: number; height: number; data(): Buffer }; context: CanvasRenderingContext2D };
  destroy(pair: unknown): void;
}
