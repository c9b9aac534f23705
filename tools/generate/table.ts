// The item table, page breaks included: when rows run past the page, a carried-forward subtotal
// ("À reporter") closes the page and the next page opens with it ("Report") before the rows go on.
// Those running subtotals are decoy amounts: they look like totals and are not.
import { PAGE_WIDTH, type PdfWriter } from './pdf-writer.ts';
import type { ColumnKey, InvoiceView } from './view.ts';

export type TableStyle = 'lines' | 'grid' | 'zebra' | 'header-fill';

export interface TableSpec {
  x: number;
  width: number;
  columns: Array<{ key: ColumnKey; share: number }>;
  style: TableStyle;
  size: number;
  /** The lowest y rows may reach (above the footer). */
  bottom: number;
  /** Draws the top of a continuation page and returns where the table resumes. */
  continuation: (w: PdfWriter) => number;
}

const RIGHT_ALIGNED = new Set<ColumnKey>(['qty', 'unitPrice', 'vatRate', 'amount']);

function header(w: PdfWriter, view: InvoiceView, spec: TableSpec, y: number, widths: number[]): number {
  const h = spec.size + 9;
  if (spec.style === 'header-fill') w.rect(spec.x, y, spec.width, h, { fill: '#2f3e4e' });
  else if (spec.style === 'zebra' || spec.style === 'grid') w.rect(spec.x, y, spec.width, h, { fill: '#dddddd', stroke: spec.style === 'grid' ? '#555555' : undefined });
  let cx = spec.x;
  spec.columns.forEach((col, i) => {
    const label = w.clip(view.columnLabels[col.key], widths[i]! - 6, spec.size, true);
    const color = spec.style === 'header-fill' ? '#ffffff' : '#000000';
    if (RIGHT_ALIGNED.has(col.key)) w.text(cx + widths[i]! - 3, y + 4, label, { size: spec.size, bold: true, align: 'right', color });
    else w.text(cx + 3, y + 4, label, { size: spec.size, bold: true, color });
    cx += widths[i]!;
  });
  if (spec.style === 'lines') w.line(spec.x, y + h, spec.x + spec.width, y + h, '#000000', 0.8);
  return y + h + 3;
}

function row(w: PdfWriter, spec: TableSpec, y: number, widths: number[], cells: string[], shade: boolean, bold = false): number {
  const h = spec.size + 7;
  if (shade) w.rect(spec.x, y - 2, spec.width, h, { fill: '#f1f1f1' });
  let cx = spec.x;
  spec.columns.forEach((col, i) => {
    if (spec.style === 'grid') w.rect(cx, y - 2, widths[i]!, h, { stroke: '#999999' });
    const text = w.clip(cells[i]!, widths[i]! - 6, spec.size, bold);
    if (RIGHT_ALIGNED.has(col.key)) w.text(cx + widths[i]! - 3, y + 1, text, { size: spec.size, bold, align: 'right' });
    else w.text(cx + 3, y + 1, text, { size: spec.size, bold });
    cx += widths[i]!;
  });
  return y + h;
}

/** A row whose label spans every column but the last, which holds the amount. */
function subtotalRow(w: PdfWriter, spec: TableSpec, y: number, label: string, amount: string): number {
  w.line(spec.x, y - 2, spec.x + spec.width, y - 2, '#555555', 0.5, true);
  w.text(spec.x + spec.width * 0.55, y + 1, label, { size: spec.size, bold: true });
  w.text(spec.x + spec.width - 3, y + 1, amount, { size: spec.size, bold: true, align: 'right' });
  return y + spec.size + 9;
}

/**
 * Draws every line from y, adding pages as needed, and reserves `reserve` points under the last
 * row for the totals (moving them to a page of their own if they do not fit). Returns where the
 * totals go.
 */
export function itemsTable(w: PdfWriter, view: InvoiceView, spec: TableSpec, y: number, reserve: number): number {
  const total = spec.columns.reduce((s, c) => s + c.share, 0);
  const widths = spec.columns.map((c) => (c.share / total) * spec.width);
  const rowH = spec.size + 7;
  let at = header(w, view, spec, y, widths);
  let running = 0;
  const lines = view.model.lines;
  lines.forEach((line, i) => {
    if (at + rowH > spec.bottom - rowH) {
      subtotalRow(w, spec, at + 2, view.carriedLabel, view.money(running, view.model.money.currencyInTable));
      const page = w.pageIndex + 1;
      w.addPage();
      at = spec.continuation(w);
      at = subtotalRow(w, spec, at + 2, view.broughtLabel(page), view.money(running, view.model.money.currencyInTable));
      at = header(w, view, spec, at, widths);
    }
    at = row(w, spec, at, widths, spec.columns.map((c) => view.cell(line, c.key)), spec.style === 'zebra' && i % 2 === 1);
    running += line.totalCents;
  });
  if (spec.style === 'lines') w.line(spec.x, at + 1, spec.x + spec.width, at + 1, '#000000', 0.5);
  at += 12;
  if (at + reserve > spec.bottom) {
    w.addPage();
    at = spec.continuation(w) + 10;
  }
  return at;
}

export const DEFAULT_X = 40;
export const DEFAULT_WIDTH = PAGE_WIDTH - 80;
