// Reading a finished PDF back with the project's own PDF code: its text layer, and page 1 rendered.
import sharp from 'sharp';
import { openPdf } from '../../src/extraction/pdf/pdf-document.ts';
import { RENDER_DPI } from '../generate/degrade.ts';

const PDF_OPTIONS = { maxImagePixels: 60_000_000 };

/**
 * The text of each page, its runs joined with " | ", so that an amount is matched inside one run:
 * a quantity cell next to a price cell ("1" | "390,47 €") does not read as "1 390,47".
 */
export async function pageTexts(pdfBytes: Buffer): Promise<string[]> {
  const pdf = await openPdf(new Uint8Array(pdfBytes), PDF_OPTIONS);
  try {
    const pages: string[] = [];
    for (let p = 1; p <= pdf.pageCount; p++) pages.push((await pdf.textRuns(p)).map((r) => r.text).join(' | '));
    return pages;
  } finally { await pdf.close(); }
}

/** Page 1 as a PNG at the generator's render resolution. */
export async function renderFirstPage(pdfBytes: Buffer): Promise<Buffer> {
  const pdf = await openPdf(new Uint8Array(pdfBytes), PDF_OPTIONS);
  try {
    return await pdf.renderPage(1, RENDER_DPI, (p) => sharp(p.data, { raw: { width: p.width, height: p.height, channels: p.channels } }).png().toBuffer());
  } finally { await pdf.close(); }
}
