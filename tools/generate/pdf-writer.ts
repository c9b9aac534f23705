// A thin layer over pdfkit: absolute positioning in points on A4, a regular and a bold face per
// document, and a record of which truth fields each page prints.
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { Rng } from './random.ts';
import type { Field } from './view.ts';

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;

export interface FontFamily { name: string; regular: string; bold: string; files?: [string, string] }

const require = createRequire(import.meta.url);
const DEJAVU = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export const FONT_FAMILIES: FontFamily[] = [
  { name: 'Helvetica', regular: 'Helvetica', bold: 'Helvetica-Bold' },
  { name: 'Times', regular: 'Times-Roman', bold: 'Times-Bold' },
  { name: 'Courier', regular: 'Courier', bold: 'Courier-Bold' },
  ...(['DejaVuSans', 'DejaVuSerif', 'DejaVuSansCondensed', 'DejaVuSerifCondensed', 'DejaVuSansMono'] as const).map((name) => ({
    name, regular: name, bold: `${name}-Bold`, files: [path.join(DEJAVU, `${name}.ttf`), path.join(DEJAVU, `${name}-Bold.ttf`)] as [string, string],
  })),
];

export function pickFont(rng: Rng): FontFamily {
  return rng.weighted(FONT_FAMILIES.map((f) => [f, f.name === 'Helvetica' ? 3 : f.name === 'Courier' || f.name === 'DejaVuSansMono' ? 1 : 2] as const));
}

export interface TextOptions { size?: number; bold?: boolean; align?: 'left' | 'right' | 'center'; color?: string; fields?: Field[] }

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly font: FontFamily;
  private readonly size: [number, number] | 'A4';
  /** Fields printed on each page, by page index. */
  readonly printed: Array<Set<Field>> = [new Set()];
  pageIndex = 0;
  private readonly chunks: Buffer[] = [];

  /** `size`: the page in points, A4 unless given (a receipt is a narrow strip). */
  constructor(font: FontFamily, title: string, size: [number, number] | 'A4' = 'A4') {
    this.font = font;
    this.size = size;
    // A fixed creation date keeps the bytes a function of the seed alone.
    const fixed = new Date(Date.UTC(2025, 0, 1));
    this.doc = new PDFDocument({ size, margin: 0, bufferPages: true, info: { Title: title, Producer: 'invoice-generator', Creator: 'invoice-generator', CreationDate: fixed, ModDate: fixed } });
    if (font.files) {
      this.doc.registerFont(font.regular, font.files[0]);
      this.doc.registerFont(font.bold, font.files[1]);
    }
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
  }

  /** One line of text; x is the left edge, or the right edge / centre for those alignments. Returns its width. */
  text(x: number, y: number, text: string, options: TextOptions = {}): number {
    const size = options.size ?? 9;
    this.doc.font(options.bold ? this.font.bold : this.font.regular).fontSize(size).fillColor(options.color ?? '#000000');
    const width = this.doc.widthOfString(text);
    const left = options.align === 'right' ? x - width : options.align === 'center' ? x - width / 2 : x;
    this.doc.text(text, left, y, { lineBreak: false });
    for (const field of options.fields ?? []) this.printed[this.pageIndex]!.add(field);
    return width;
  }

  /** Wrapped text within a width; returns the height used. */
  paragraph(x: number, y: number, width: number, text: string, options: TextOptions = {}): number {
    const size = options.size ?? 7;
    this.doc.font(options.bold ? this.font.bold : this.font.regular).fontSize(size).fillColor(options.color ?? '#000000');
    const height = this.doc.heightOfString(text, { width });
    this.doc.text(text, x, y, { width, align: options.align ?? 'left', lineGap: 0.5 });
    for (const field of options.fields ?? []) this.printed[this.pageIndex]!.add(field);
    return height;
  }

  /** Fits a text into a width by shortening it (descriptions in narrow columns). */
  clip(text: string, width: number, size: number, bold = false): string {
    this.doc.font(bold ? this.font.bold : this.font.regular).fontSize(size);
    let out = text;
    while (out.length > 3 && this.doc.widthOfString(out) > width) out = out.slice(0, -1);
    return out === text ? text : `${out.slice(0, -1).trimEnd()}.`;
  }

  widthOf(text: string, size: number, bold = false): number {
    return this.doc.font(bold ? this.font.bold : this.font.regular).fontSize(size).widthOfString(text);
  }

  rect(x: number, y: number, w: number, h: number, style: { fill?: string; stroke?: string; lineWidth?: number }): void {
    this.doc.save().lineWidth(style.lineWidth ?? 0.6);
    this.doc.rect(x, y, w, h);
    if (style.fill && style.stroke) this.doc.fillAndStroke(style.fill, style.stroke);
    else if (style.fill) this.doc.fill(style.fill);
    else this.doc.stroke(style.stroke ?? '#000000');
    this.doc.restore();
  }

  line(x1: number, y1: number, x2: number, y2: number, color = '#000000', width = 0.6, dash = false): void {
    this.doc.save().lineWidth(width).strokeColor(color);
    if (dash) this.doc.dash(2, { space: 2 });
    this.doc.moveTo(x1, y1).lineTo(x2, y2).stroke();
    this.doc.restore();
  }

  addPage(): void {
    this.doc.addPage({ size: this.size, margin: 0 });
    this.printed.push(new Set());
    this.pageIndex = this.printed.length - 1;
  }

  switchTo(pageIndex: number): void {
    this.doc.switchToPage(pageIndex);
    this.pageIndex = pageIndex;
  }

  get pageCount(): number {
    return this.printed.length;
  }

  async finish(): Promise<Buffer> {
    const ended = new Promise<void>((resolve) => this.doc.on('end', () => resolve()));
    this.doc.flushPages();
    this.doc.end();
    await ended;
    return Buffer.concat(this.chunks);
  }
}
