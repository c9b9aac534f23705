// The part every layout shares: notes, the item table with its page breaks, totals (with the
// per-rate VAT table when there is more than one rate), and footers on every page.
import { footerHeight, footers, measureTotals, notesBlock, totals, vatTable, type FooterStyle, type TotalsStyle } from './blocks.ts';
import { PAGE_HEIGHT, PAGE_WIDTH, type PdfWriter } from './pdf-writer.ts';
import type { Rng } from './random.ts';
import { itemsTable, type TableStyle } from './table.ts';
import type { ColumnKey, InvoiceView } from './view.ts';

export interface FlowOptions {
  y: number;
  tableX?: number;
  tableWidth?: number;
  columns: Array<{ key: ColumnKey; share: number }>;
  tableStyle: TableStyle;
  size?: number;
  totalsStyle: TotalsStyle;
  totalsRight?: number;
  totalsWidth?: number;
  footerStyle: FooterStyle;
  identityEverywhere: boolean;
}

/** Item columns: description and amount always, the rest by chance; the rate column when rates differ. */
export function pickColumns(rng: Rng, view: InvoiceView, wide: boolean): Array<{ key: ColumnKey; share: number }> {
  const multi = view.model.totals.breakdown.length > 1;
  const cols: Array<{ key: ColumnKey; share: number }> = [];
  if (wide && rng.chance(0.4)) cols.push({ key: 'ref', share: 0.9 });
  cols.push({ key: 'desc', share: 4 });
  if (rng.chance(0.85)) cols.push({ key: 'qty', share: 0.8 });
  if (wide && rng.chance(0.3)) cols.push({ key: 'unit', share: 0.8 });
  if (cols.some((c) => c.key === 'qty') || rng.chance(0.5)) cols.push({ key: 'unitPrice', share: 1.3 });
  if (multi || rng.chance(0.3)) cols.push({ key: 'vatRate', share: 0.8 });
  cols.push({ key: 'amount', share: 1.4 });
  return cols;
}

/** The top of a continuation page: the number always, the seller and date by the document's choice. */
export function continuation(rng: Rng, view: InvoiceView): (w: PdfWriter) => number {
  const withSeller = rng.chance(0.6);
  const withDate = rng.chance(0.6);
  return (w) => {
    let y = 40;
    if (withSeller) { w.text(40, y, view.model.seller.name, { size: 11, bold: true, fields: ['fournisseur'] }); y += 18; }
    w.text(40, y, `${view.numero.label} ${view.numero.value}`, { size: 9, fields: ['numero'] });
    if (withDate) w.text(PAGE_WIDTH - 40, y, `${view.issueDate.label} : ${view.issueDate.value}`, { size: 9, align: 'right', fields: ['date_facture'] });
    return y + 26;
  };
}

export function flow(w: PdfWriter, view: InvoiceView, rng: Rng, o: FlowOptions): void {
  const footerSize = rng.pick([6.5, 7, 7.5]);
  const bottom = PAGE_HEIGHT - footerHeight(w, view, PAGE_WIDTH - 80, footerSize) - 14;
  const withVat = view.model.totals.breakdown.length > 1 ? rng.chance(0.85) : rng.chance(0.2) && !view.model.scenario.franchise;
  const reserve = measureTotals(view, o.totalsStyle, withVat);
  let y = notesBlock(w, view, o.tableX ?? 40, o.y);
  y = itemsTable(w, view, {
    x: o.tableX ?? 40, width: o.tableWidth ?? PAGE_WIDTH - 80, columns: o.columns, style: o.tableStyle, size: o.size ?? 8.5,
    bottom, continuation: continuation(rng, view),
  }, y + 4, reserve);
  const right = o.totalsRight ?? PAGE_WIDTH - 40;
  const width = o.totalsWidth ?? 220;
  if (withVat && o.totalsStyle !== 'horizontal' && right - width > 300) {
    // Room on the left: the VAT table beside the totals.
    vatTable(w, view, 40, y, Math.min(240, right - width - 70));
    totals(w, view, o.totalsStyle, right, y, width);
  } else {
    if (withVat) y = vatTable(w, view, right - 240 > 40 ? right - 240 : 40, y);
    totals(w, view, o.totalsStyle, right, y, width);
  }
  footers(w, view, o.footerStyle, footerSize, o.identityEverywhere);
}
