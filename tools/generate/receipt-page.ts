// A receipt as the corpus's scanned receipts look: printed on an 80 or 58 mm strip of thermal paper
// (a monospace or narrow sans face), its ink faded unevenly, then either photographed on a desk,
// cropped close, or laid on a flatbed scanner's A4 glass and scanned whole at about 130 dpi.
import sharp from 'sharp';
import { openPdf } from '../../src/extraction/pdf/pdf-document.ts';
import { phoneScan, RENDER_DPI, type ScanParameters } from './degrade.ts';
import { FONT_FAMILIES, PdfWriter } from './pdf-writer.ts';
import type { Rng } from './random.ts';
import type { ReceiptModel, ReceiptRow } from './receipt.ts';

const MM = 72 / 25.4;
/** Paper left above the first line and below the last, in points; lines are 1.4 sizes apart. */
const TOP = 14;
const BOTTOM = 24;
const LINE_SPACING = 1.4;
const A4_AT_RENDER = { width: Math.round((210 / 25.4) * RENDER_DPI), height: Math.round((297 / 25.4) * RENDER_DPI) };
const RECEIPT_FONTS = ['Courier', 'DejaVuSansMono', 'Helvetica', 'DejaVuSansCondensed'];
/** The gap kept between a left cell's clipped text and the next cell. */
const CELL_GAP = 4;

export interface ReceiptPdf { pdf: Buffer; notes: string }

export async function drawReceipt(model: ReceiptModel, rng: Rng): Promise<ReceiptPdf> {
  const fontName = rng.pick(RECEIPT_FONTS);
  const font = FONT_FAMILIES.find((f) => f.name === fontName)!;
  const narrow = rng.chance(0.3);
  const width = (narrow ? 58 : 80) * MM;
  const margin = (narrow ? 4 : 6) * MM;
  const printable = width - 2 * margin;
  const base = (narrow ? 6.6 : 8) * (font.name === 'Courier' ? 1.05 : 1);
  const sizeOf = (row: ReceiptRow) => (row.large ? base * 1.35 : base);
  const height = TOP + model.rows.reduce((h, row) => h + sizeOf(row) * LINE_SPACING, 0) + BOTTOM;
  const writer = new PdfWriter(font, model.id, [width, height]);
  const dashes = rng.chance(0.6);
  let y = TOP;
  for (const row of model.rows) {
    let size = sizeOf(row);
    if (row.rule) {
      if (dashes) writer.text(margin, y, '-'.repeat(Math.floor(printable / writer.widthOf('-', size))), { size });
      else writer.line(margin, y + size / 2, margin + printable, y + size / 2, '#000000', 0.5, true);
    }
    // A centred line too wide for the paper is set smaller, as tills do with long names.
    const only = row.cells.length === 1 ? row.cells[0]! : null;
    while (only && size > 4.5 && writer.widthOf(only.text, size, row.bold) > printable) size -= 0.25;
    row.cells.forEach((cell, i) => {
      const x = margin + cell.at * printable;
      const next = row.cells[i + 1];
      const nextStart = next ? margin + next.at * printable - (next.align === 'right' ? writer.widthOf(next.text, size, row.bold) : 0) : margin + printable;
      const text = cell.align === 'left' ? writer.clip(cell.text, Math.max(20, nextStart - x - CELL_GAP), size, row.bold) : cell.text;
      writer.text(x, y, text, { size, bold: row.bold, align: cell.align, fields: row.fields });
    });
    y += size * LINE_SPACING;
  }
  return { pdf: await writer.finish(), notes: `${font.name}, ${narrow ? 58 : 80} mm paper` };
}

/** Grey pixels of the receipt at RENDER_DPI, with the thermal ink faded: evenly, and more towards one end. */
async function fadedRender(pdf: Buffer, rng: Rng): Promise<{ data: Buffer; width: number; height: number; fade: string }> {
  const doc = await openPdf(new Uint8Array(pdf), { maxImagePixels: 60_000_000 });
  try {
    return await doc.renderPage(1, RENDER_DPI, async (p) => {
      const data = Buffer.alloc(p.width * p.height);
      const strength = 0.45 + 0.5 * rng.next();
      const slope = 0.35 * rng.next();
      const fromTop = rng.chance(0.5);
      for (let y = 0; y < p.height; y++) {
        const along = fromTop ? y / p.height : 1 - y / p.height;
        const keep = strength * (1 - slope * along);
        for (let x = 0, i = y * p.width, j = i * p.channels; x < p.width; x++, i++, j += p.channels) {
          const grey = (p.data[j]! * 299 + p.data[j + 1]! * 587 + p.data[j + 2]! * 114) / 1000;
          data[i] = 255 - (255 - grey) * keep;
        }
      }
      return { data, width: p.width, height: p.height, fade: `ink kept ${Math.round(strength * 100)} % falling by ${Math.round(slope * 100)} % towards the ${fromTop ? 'bottom' : 'top'}` };
    });
  } finally {
    await doc.close();
  }
}

export async function receiptImage(pdf: Buffer, rng: Rng): Promise<{ jpeg: Buffer; notes: string }> {
  const receipt = await fadedRender(pdf, rng);
  const raw = { raw: { width: receipt.width, height: receipt.height, channels: 1 as const } };
  const onGlass = rng.chance(0.35);
  let page: Buffer;
  if (onGlass) {
    // Laid on the glass of an A4 flatbed scanner, somewhere in its upper half.
    const left = rng.int(0, Math.max(0, A4_AT_RENDER.width - receipt.width));
    const top = rng.int(100, Math.max(100, Math.min(A4_AT_RENDER.height - receipt.height, 900)));
    page = await sharp({ create: { ...A4_AT_RENDER, channels: 3, background: { r: 255, g: 255, b: 255 } } })
      .composite([{ input: await sharp(receipt.data, raw).png().toBuffer(), left, top }]).png().toBuffer();
  } else {
    // Cropped close around the paper, with a border of whatever it lay on.
    const surround = rng.chance(0.5) ? rng.int(225, 255) : rng.int(110, 200);
    const border = () => rng.int(8, 60);
    page = await sharp(receipt.data, raw)
      .extend({ top: border(), bottom: border(), left: border(), right: border(), background: { r: surround, g: surround, b: surround } })
      .png().toBuffer();
  }
  const parameters: ScanParameters = {
    dpi: onGlass ? rng.int(125, 135) : rng.int(110, 200),
    angle: (rng.chance(0.5) ? -1 : 1) * (0.2 + 1.8 * rng.next()),
    blur: 0.3 + 0.6 * rng.next(),
    noise: 2 + 6 * rng.next(),
    shade: 0.2 * rng.next(),
    corner: rng.int(0, 3),
    quality: rng.int(60, 90),
  };
  const jpeg = await phoneScan(page, RENDER_DPI, parameters, rng);
  const how = onGlass ? 'on an A4 flatbed' : 'cropped close';
  return { jpeg, notes: `${how}, ${receipt.fade}, ${parameters.dpi} dpi, rotated ${parameters.angle.toFixed(2)}°, blur ${parameters.blur.toFixed(2)}, JPEG q${parameters.quality}` };
}
