// Building blocks that layouts compose: party blocks, key-value lists, key-value grids, totals in
// several shapes, the per-rate VAT table and page footers.
import { PAGE_HEIGHT, PAGE_WIDTH, type PdfWriter } from './pdf-writer.ts';
import type { InvoiceView, Labelled, Piece } from './view.ts';

export type Align = 'left' | 'right' | 'center';

export function pieces(w: PdfWriter, x: number, y: number, lines: Piece[], options: { size?: number; align?: Align; gap?: number; heading?: string } = {}): number {
  const size = options.size ?? 9;
  const step = size + (options.gap ?? 3);
  let at = y;
  if (options.heading) {
    w.text(x, at, options.heading, { size: size - 1, bold: true, align: options.align, color: '#444444' });
    at += step;
  }
  lines.forEach((line, i) => {
    const big = i === 0 && line.bold ? 2 : 0;
    w.text(x, at, line.text, { size: size + big, bold: line.bold, align: options.align, fields: line.fields });
    at += step + big;
  });
  return at;
}

/** "Label : value" lines; the value right of a fixed label column, or right-aligned at x + width. */
export function keyValues(w: PdfWriter, x: number, y: number, items: Labelled[], options: { labelWidth?: number; width?: number; size?: number; colon?: string; boldValue?: boolean } = {}): number {
  const size = options.size ?? 9;
  const colon = options.colon ?? ' :';
  // The value column starts after the longest label, so that labels and values never overlap.
  const labelWidth = Math.max(options.labelWidth ?? 110, ...items.map((i) => w.widthOf(`${i.label}${colon}`, size, true) + 8));
  let at = y;
  for (const item of items) {
    w.text(x, at, `${item.label}${colon}`, { size, bold: item.strong });
    if (options.width) w.text(x + options.width, at, item.value, { size, bold: item.strong || options.boldValue, align: 'right', fields: item.fields });
    else w.text(x + labelWidth, at, item.value, { size, bold: item.strong || options.boldValue, fields: item.fields });
    at += size + 5;
  }
  return at;
}

/** Headings over values, one cell per item, in a bordered row. */
export function grid(w: PdfWriter, x: number, y: number, width: number, items: Labelled[], options: { size?: number; fill?: string } = {}): number {
  const size = options.size ?? 8;
  const cell = width / items.length;
  const h = 2 * size + 14;
  items.forEach((item, i) => {
    const cx = x + i * cell;
    w.rect(cx, y, cell, h, { stroke: '#555555', fill: options.fill });
    w.text(cx + 4, y + 4, w.clip(item.label, cell - 8, size - 1, true), { size: size - 1, bold: true, color: '#333333' });
    w.text(cx + 4, y + size + 8, item.value, { size, fields: item.fields, bold: item.strong });
  });
  return y + h;
}

export type TotalsStyle = 'lines' | 'table' | 'box' | 'leaders' | 'horizontal';

export function measureTotals(view: InvoiceView, style: TotalsStyle, withVatTable: boolean): number {
  const rows = style === 'horizontal' ? 2 : view.totalsRows.length;
  const vat = withVatTable ? (view.vatRows.length + 1) * 15 + 12 : 0;
  return Math.max(rows * 17 + 20, style === 'horizontal' ? 60 : 0) + vat + view.notes.length * 12 + (view.currencyNote ? 12 : 0) + 10;
}

/** Totals drawn with their right edge at `right` (or full width for `horizontal`). Returns the bottom. */
export function totals(w: PdfWriter, view: InvoiceView, style: TotalsStyle, right: number, y: number, width = 220, size = 9): number {
  const rows = view.totalsRows;
  const left = right - width;
  const rowH = size + 8;
  switch (style) {
    case 'lines':
      return keyValues(w, left, y, rows, { width, size, colon: rows.length % 2 ? '' : ' :' }) + 4;
    case 'leaders': {
      let at = y;
      for (const r of rows) {
        const value = w.widthOf(r.value, size, r.strong);
        const label = `${r.label} `;
        const dots = Math.max(2, Math.floor((width - w.widthOf(label, size, r.strong) - value - 4) / w.widthOf('.', size)));
        w.text(left, at, `${label}${'.'.repeat(dots)}`, { size, bold: r.strong });
        w.text(right, at, r.value, { size, bold: r.strong, align: 'right', fields: r.fields });
        at += rowH;
      }
      return at;
    }
    case 'table':
    case 'box': {
      if (style === 'box') w.rect(left - 6, y - 4, width + 12, rows.length * rowH + 8, { stroke: '#000000', lineWidth: 1 });
      let at = y;
      for (const r of rows) {
        if (r.strong && style === 'box') w.rect(left - 6, at - 3, width + 12, rowH, { fill: '#e4e4e4' });
        if (style === 'table') w.rect(left, at - 3, width, rowH, { stroke: '#777777' });
        w.text(left + 4, at + 1, r.label, { size, bold: r.strong });
        w.text(right - 4, at + 1, r.value, { size, bold: r.strong, align: 'right', fields: r.fields });
        at += rowH;
      }
      return at + 8;
    }
    case 'horizontal': {
      const first = rows.slice(0, 3);
      const rest = rows.slice(3);
      const x = 40;
      const gridBottom = grid(w, x, y, PAGE_WIDTH - 80, first, { size, fill: '#f2f2f2' });
      return rest.length ? keyValues(w, PAGE_WIDTH - 40 - width, gridBottom + 8, rest, { width, size }) : gridBottom + 8;
    }
  }
}

export function vatTable(w: PdfWriter, view: InvoiceView, x: number, y: number, width = 230, size = 8): number {
  const cols = [0.28, 0.36, 0.36].map((f) => f * width);
  const rows = [view.vatHeadings, ...view.vatRows];
  let at = y;
  rows.forEach((row, r) => {
    let cx = x;
    row.forEach((text, c) => {
      w.rect(cx, at, cols[c]!, size + 7, { stroke: '#888888', fill: r === 0 ? '#eeeeee' : undefined });
      if (c === 0) w.text(cx + 3, at + 3, text, { size, bold: r === 0 });
      else w.text(cx + cols[c]! - 3, at + 3, text, { size, bold: r === 0, align: 'right' });
      cx += cols[c]!;
    });
    at += size + 7;
  });
  return at + 6;
}

export function notesBlock(w: PdfWriter, view: InvoiceView, x: number, y: number, size = 8): number {
  let at = y;
  for (const note of [...view.notes, ...(view.currencyNote ? [view.currencyNote] : [])]) {
    w.text(x, at, note.text, { size, fields: note.fields });
    at += size + 4;
  }
  return at;
}

export type FooterStyle = 'centered' | 'left' | 'rule';

export function footerHeight(w: PdfWriter, view: InvoiceView, width: number, size: number): number {
  const text = view.legal.map((p) => p.text).join(' ');
  w.doc.font(w.font.regular).fontSize(size);
  return w.doc.heightOfString(text, { width }) + (size + 3) * 2 + 26;
}

/** Legal mentions, the seller's identity line and the page number, on every page. */
export function footers(w: PdfWriter, view: InvoiceView, style: FooterStyle, size: number, identityEverywhere: boolean): void {
  const width = PAGE_WIDTH - 80;
  const height = footerHeight(w, view, width, size);
  const total = w.pageCount;
  for (let page = 0; page < total; page++) {
    w.switchTo(page);
    let y = PAGE_HEIGHT - height;
    if (style === 'rule') w.line(40, y - 4, PAGE_WIDTH - 40, y - 4, '#999999');
    const last = page === total - 1;
    if (last) {
      const fields = view.legal.flatMap((p) => p.fields);
      y += w.paragraph(40, y, width, view.legal.map((p) => p.text).join(' '), { size, align: style === 'centered' ? 'center' : 'left', fields });
    } else y += 6;
    if (identityEverywhere || last) w.paragraph(40, y + 2, width, view.identityLine.text, { size, align: style === 'left' ? 'left' : 'center', fields: view.identityLine.fields, color: '#333333' });
    w.text(40, PAGE_HEIGHT - 16 - size, view.bankLine, { size: size - 0.5, color: '#333333' });
    if (total > 1 || style !== 'left') w.text(PAGE_WIDTH - 40, PAGE_HEIGHT - 16 - size, view.pageLabel(page + 1, total), { size, align: 'right' });
  }
}
