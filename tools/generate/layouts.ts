// Ten structurally different page designs. Each draws its own header (where the seller, buyer,
// number and dates sit, and how) and hands the rest to flow() with its own table, totals and
// footer shapes.
import { grid, keyValues, pieces } from './blocks.ts';
import { flow, pickColumns } from './layout-flow.ts';
import { PAGE_WIDTH, type PdfWriter } from './pdf-writer.ts';
import type { Rng } from './random.ts';
import type { InvoiceView, Labelled, Piece } from './view.ts';

export type Layout = (w: PdfWriter, view: InvoiceView, rng: Rng) => void;
const R = PAGE_WIDTH - 40;

/** Number and date first (in either order), then up to `decoys` other dates and references. */
function meta(view: InvoiceView, rng: Rng, decoys = 4): Labelled[] {
  const head = rng.chance(0.7) ? [view.numero, view.issueDate] : [view.issueDate, view.numero];
  const rest = rng.shuffle(view.otherMeta).slice(0, decoys);
  return rng.chance(0.3) ? rng.shuffle([...head, ...rest]) : [...head, ...rest];
}

const classic: Layout = (w, view, rng) => {
  const y1 = pieces(w, 40, 40, view.sellerLines);
  w.text(R, 40, view.title, { size: 20, bold: true, align: 'right' });
  const m = meta(view, rng);
  const y2 = keyValues(w, R - 220, 72, m, { width: 220, size: 9 });
  const y3 = pieces(w, 330, Math.max(y1, y2) + 14, view.buyerLines, { heading: view.buyerHeading });
  flow(w, view, rng, { y: y3 + 16, columns: pickColumns(rng, view, false), tableStyle: 'lines', totalsStyle: 'lines', footerStyle: 'centered', identityEverywhere: rng.chance(0.5) });
};

const mirrored: Layout = (w, view, rng) => {
  w.text(40, 44, view.title, { size: 24, bold: true });
  const y1 = pieces(w, R, 40, view.sellerLines, { align: 'right', size: 8.5 });
  const y2 = pieces(w, 40, 90, view.buyerLines, { heading: view.buyerHeading });
  const items = meta(view, rng, 2);
  const y3 = grid(w, 40, Math.max(y1, y2) + 14, R - 40, items.slice(0, 4));
  flow(w, view, rng, { y: y3 + 14, columns: pickColumns(rng, view, true), tableStyle: 'grid', totalsStyle: 'box', footerStyle: 'rule', identityEverywhere: true });
};

const band: Layout = (w, view, rng) => {
  const color = rng.pick(['#1f3b5a', '#3a3a3a', '#6b1d1d', '#17483c']);
  w.rect(0, 0, PAGE_WIDTH, 78, { fill: color });
  w.text(40, 26, view.sellerLines.find((p) => p.fields.includes('fournisseur'))!.text, { size: 17, bold: true, color: '#ffffff', fields: ['fournisseur'] });
  w.text(R, 30, view.title, { size: 16, color: '#ffffff', align: 'right' });
  const y1 = pieces(w, 40, 96, view.sellerLines.filter((p) => !p.fields.includes('fournisseur')), { size: 8 });
  const y2 = keyValues(w, 40, y1 + 10, meta(view, rng), { labelWidth: 120, size: 9 });
  const y3 = pieces(w, 340, 96, view.buyerLines, { heading: view.buyerHeading });
  flow(w, view, rng, { y: Math.max(y2, y3) + 16, columns: pickColumns(rng, view, true), tableStyle: 'header-fill', totalsStyle: 'table', footerStyle: 'centered', identityEverywhere: rng.chance(0.5) });
};

const sidebar: Layout = (w, view, rng) => {
  w.rect(0, 0, 190, 560, { fill: '#efefef' });
  // A clipped line no longer shows its value verbatim, so it loses its fields.
  const fit = (p: Piece) => {
    const text = w.clip(p.text, 160, p.bold ? 10 : 8, p.bold);
    return { ...p, text, fields: text === p.text ? p.fields : [] };
  };
  let y = pieces(w, 18, 40, view.sellerLines.map(fit), { size: 8 });
  y = pieces(w, 18, y + 20, view.buyerLines.map(fit), { size: 8, heading: view.buyerHeading });
  w.text(210, 40, view.title, { size: 22, bold: true });
  const y2 = keyValues(w, 210, 80, meta(view, rng, 3), { labelWidth: 130, size: 9 });
  flow(w, view, rng, { y: Math.max(y2 + 20, 180), tableX: 210, tableWidth: R - 210, columns: pickColumns(rng, view, false), tableStyle: 'zebra', totalsStyle: 'lines', footerStyle: 'left', identityEverywhere: true });
};

const letter: Layout = (w, view, rng) => {
  const y1 = pieces(w, PAGE_WIDTH / 2, 36, view.sellerLines, { align: 'center', size: 8.5 });
  w.line(40, y1 + 4, R, y1 + 4, '#888888');
  w.text(R, y1 + 18, view.letterDate.text, { size: 10, align: 'right', fields: view.letterDate.fields });
  const y2 = pieces(w, 320, y1 + 44, view.buyerLines, { size: 10 });
  w.text(40, y2 + 18, `${view.title} - ${view.numero.label} ${view.numero.value}`, { size: 11, bold: true, fields: view.numero.fields });
  const y3 = keyValues(w, 40, y2 + 38, rng.shuffle(view.otherMeta).slice(0, 2), { labelWidth: 140, size: 9 });
  flow(w, view, rng, { y: y3 + 10, columns: pickColumns(rng, view, false).filter((c) => c.key !== 'unit'), tableStyle: 'lines', totalsStyle: 'leaders', totalsWidth: 260, footerStyle: 'centered', identityEverywhere: rng.chance(0.5) });
};

const horizontal: Layout = (w, view, rng) => {
  const y1 = pieces(w, 40, 40, view.sellerLines, { size: 8.5 });
  w.rect(R - 230, 36, 230, 18, { fill: '#dddddd' });
  w.text(R - 115, 40, view.title, { size: 11, bold: true, align: 'center' });
  const y2 = keyValues(w, R - 224, 62, meta(view, rng, 3), { width: 218, size: 8.5 });
  w.rect(R - 230, 56, 230, y2 - 56, { stroke: '#999999' });
  const y3 = pieces(w, 40, Math.max(y1, y2) + 16, view.buyerLines, { heading: view.buyerHeading });
  flow(w, view, rng, { y: y3 + 12, columns: pickColumns(rng, view, true), tableStyle: 'zebra', totalsStyle: 'horizontal', footerStyle: 'rule', identityEverywhere: true });
};

const ticket: Layout = (w, view, rng) => {
  const x = 150, width = PAGE_WIDTH - 300;
  let y = pieces(w, PAGE_WIDTH / 2, 40, view.sellerLines, { align: 'center', size: 8.5 });
  w.line(x, y + 2, x + width, y + 2, '#000000', 0.6, true);
  w.text(PAGE_WIDTH / 2, y + 10, view.title, { size: 12, bold: true, align: 'center' });
  y = keyValues(w, x, y + 30, meta(view, rng, 2), { width, size: 8.5 });
  y = pieces(w, x, y + 6, view.buyerLines.slice(0, 3), { size: 8, heading: view.buyerHeading });
  flow(w, view, rng, { y: y + 8, tableX: x, tableWidth: width, columns: [{ key: 'desc', share: 3 }, { key: 'qty', share: 0.7 }, { key: 'amount', share: 1.3 }], tableStyle: 'lines', totalsStyle: 'leaders', totalsRight: x + width, totalsWidth: width, footerStyle: 'centered', identityEverywhere: false });
};

const footerIdentity: Layout = (w, view, rng) => {
  // The seller's name appears only in the identity footer and, as a trade name, in the header.
  w.text(40, 40, view.model.seller.brand ?? view.model.seller.name, { size: 20, bold: true, fields: view.model.seller.brand ? [] : ['fournisseur'] });
  w.text(40, 66, `${view.model.seller.street}, ${view.model.seller.postcode} ${view.model.seller.city}`, { size: 8 });
  const y1 = pieces(w, 340, 100, view.buyerLines, { heading: view.buyerHeading });
  w.text(40, 110, view.title, { size: 15, bold: true });
  const y2 = keyValues(w, 40, 134, meta(view, rng), { labelWidth: 115, size: 9 });
  flow(w, view, rng, { y: Math.max(y1, y2) + 16, columns: pickColumns(rng, view, true), tableStyle: 'grid', totalsStyle: 'box', totalsRight: 300, footerStyle: 'centered', identityEverywhere: true });
};

const twoColumns: Layout = (w, view, rng) => {
  w.text(PAGE_WIDTH / 2, 36, view.title, { size: 18, bold: true, align: 'center' });
  const y1 = pieces(w, 40, 70, view.sellerLines, { heading: rng.pick(view.model.vocabulary.sellerHeading) });
  const y2 = pieces(w, 320, 70, view.buyerLines, { heading: view.buyerHeading });
  const y = Math.max(y1, y2) + 10;
  w.line(40, y, R, y, '#000000', 0.8);
  // Number, date and the due date on one line, separated like a letterhead strip.
  const strip = meta(view, rng, 1);
  let x = 40;
  let line = y + 6;
  for (const item of strip) {
    const text = `${item.label} : ${item.value}`;
    if (x > 40 && x + w.widthOf(text, 8.5) > R) { x = 40; line += 13; }
    x += w.text(x, line, text, { size: 8.5, fields: item.fields }) + 18;
  }
  w.line(40, line + 14, R, line + 14, '#000000', 0.8);
  flow(w, view, rng, { y: line + 26, columns: pickColumns(rng, view, false), tableStyle: 'lines', totalsStyle: 'table', footerStyle: 'rule', identityEverywhere: rng.chance(0.5) });
};

const stacked: Layout = (w, view, rng) => {
  // Number and date in a box at the top left, seller on the right under a rule, buyer below it.
  const m = meta(view, rng, 3);
  const y1 = keyValues(w, 46, 46, m, { labelWidth: 105, size: 8.5, colon: '' });
  w.rect(40, 38, 255, y1 - 34, { stroke: '#000000' });
  w.text(46, y1 + 12, view.title, { size: 16, bold: true });
  const y2 = pieces(w, 320, 40, view.sellerLines, { size: 8.5 });
  w.line(320, y2 + 2, R, y2 + 2, '#888888');
  const y3 = pieces(w, 320, y2 + 12, view.buyerLines, { heading: view.buyerHeading, size: 9 });
  flow(w, view, rng, { y: Math.max(y1 + 40, y3 + 12), columns: pickColumns(rng, view, true), tableStyle: rng.pick(['grid', 'lines'] as const), totalsStyle: rng.pick(['box', 'lines', 'leaders'] as const), footerStyle: 'left', identityEverywhere: rng.chance(0.5) });
};

export const LAYOUTS: Record<string, Layout> = { classic, mirrored, band, sidebar, letter, horizontal, ticket, footerIdentity, twoColumns, stacked };
