// A shop or restaurant receipt of the kind the corpus's scanned receipts are (Malaysian, English,
// 2017-2018, GST at 6 % or none): a shop's name and registration, items, a totals block whose last
// figure is the amount paid, cash rounding to 5 sen, payment and change, a GST summary, and the
// decoys such receipts carry (item counts, points, savings, tendered cash). The content is rows of
// cells; receipt-page.ts draws them.
import { roundDiv } from './amounts.ts';
import { isoOf, type CalendarDate } from './formats.ts';
import type { Rng } from './random.ts';
import type { Field } from './view.ts';

/** A cell's anchor is a share of the printable width; `right` cells end there. */
export interface Cell { text: string; at: number; align: 'left' | 'right' | 'center' }
export interface ReceiptRow { cells: Cell[]; bold?: boolean; large?: boolean; rule?: boolean; fields?: Field[] }

export interface ReceiptModel {
  id: string;
  seller: string;
  /** null when the printed date reads as either D/M or M/D (as the corpus leaves it). */
  date: string | null;
  totalCents: number;
  currency: 'MYR' | null;
  rows: ReceiptRow[];
  notes: string;
}

const SHOP_WORDS = ['SRI', 'MAJU', 'JAYA', 'GOLDEN', 'MEGA', 'SINAR', 'WAH', 'HING', 'LEE', 'TAN', 'KIM', 'SENG', 'HUAT', 'AIK', 'BESTARI',
  'PERMAI', 'CAHAYA', 'RIA', 'NEW', 'GRAND', 'LUCKY', 'BINTANG', 'SUN', 'MOON', 'KOTA', 'MUTIARA', 'INDAH', 'ONE', 'TWIN', 'DRAGON'];
const TRADES = [
  ['TRADING', 'shop'], ['ENTERPRISE', 'shop'], ['HARDWARE', 'hardware'], ['STATIONERY', 'stationery'], ['BOOKSTORE', 'stationery'],
  ['MINI MARKET', 'grocery'], ['SUPERMARKET', 'grocery'], ['PASAR RAYA', 'grocery'], ['RESTAURANT', 'food'], ['RESTORAN', 'food'],
  ['FOOD COURT', 'food'], ['KOPITIAM', 'food'], ['PHARMACY', 'pharmacy'], ['ELECTRICAL', 'hardware'],
] as const;
type Trade = (typeof TRADES)[number][1];
const ITEMS: Record<Trade, string[]> = {
  shop: ['PLASTIC BAG', 'DETERGENT 2KG', 'BROOM', 'BATTERY AA 4S', 'TISSUE BOX', 'STORAGE BOX 20L', 'HANGER 10PCS', 'TOWEL'],
  hardware: ['SCREW 1" 100PCS', 'PVC PIPE 1/2"', 'CABLE TIE 8"', 'PAINT BRUSH 2"', 'WALL PLUG 6MM', 'SILICONE SEALANT', 'HINGE 3"', 'LED BULB 9W', 'EXTENSION PLUG'],
  stationery: ['A4 PAPER 80GSM', 'PEN BLUE 0.5', 'GLUE STICK 21G', 'EXERCISE BOOK', 'STAPLER NO.10', 'FILE FOLDER', 'CORRECTION TAPE', 'MARKER PEN'],
  grocery: ['GULA PASIR 1KG', 'MINYAK MASAK 5KG', 'BERAS 10KG', 'TELUR GRED A', 'SUSU PEKAT', 'ROTI GARDENIA', 'MILO 1KG', 'MEE KUNING', 'SABUN'],
  food: ['NASI LEMAK', 'TEH TARIK', 'MILO ICE', 'ROTI CANAI', 'MEE GORENG', 'CHICKEN RICE', 'KOPI O', 'NASI GORENG', 'LIMAU ICE', 'WHITE RICE', 'FRIED KUEY TEOW'],
  pharmacy: ['PANADOL 24S', 'VITAMIN C 1000MG', 'SHAMPOO 400ML', 'PLASTER 20S', 'HAND SANITISER', 'FACE MASK 50S', 'TOOTHPASTE 150G'],
};
const STREETS = ['JALAN ANGSA', 'JALAN TAMPOI 7/4', 'JALAN SS 2/24', 'JALAN MERANTI', 'JALAN KENARI 5', 'LORONG PERDANA 3', 'JALAN BESAR'];
const AREAS = ['TAMAN BERKELEY', 'TAMAN MELAWATI', 'BANDAR BARU BANGI', 'TAMAN SRI MUDA', 'KAWASAN PERINDUSTRIAN', 'TAMAN DESA'];
const TOWNS = ['41150 KLANG, SELANGOR', '81200 JOHOR BAHRU, JOHOR', '47301 PETALING JAYA', '43300 SERI KEMBANGAN', '53300 KUALA LUMPUR', '70200 SEREMBAN'];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

type Pricing = 'gst-inclusive' | 'gst-exclusive' | 'service-and-gst' | 'no-tax';
type Money = 'plain' | 'RM' | 'RM-glued' | '$';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function formatMoney(cents: number, style: Money): string {
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const text = `${whole >= 1000 && style !== 'plain' ? whole.toLocaleString('en-US') : whole}.${pad(abs % 100)}`;
  const sign = cents < 0 ? '-' : '';
  return style === 'plain' ? `${sign}${text}` : style === 'RM' ? `${sign}RM ${text}` : style === 'RM-glued' ? `${sign}RM${text}` : `${sign}$${text}`;
}

/** The printed date, and whether its day and month could be read either way round. */
function formatDate(rng: Rng, d: CalendarDate): { text: string; ambiguous: boolean } {
  const yy = pad(d.year % 100);
  const numeric = d.day <= 12 && d.day !== d.month;
  return rng.weighted<{ text: string; ambiguous: boolean }>([
    [{ text: `${pad(d.day)}/${pad(d.month)}/${d.year}`, ambiguous: numeric }, 4],
    [{ text: `${pad(d.day)}-${pad(d.month)}-${d.year}`, ambiguous: numeric }, 2],
    [{ text: `${pad(d.day)}/${pad(d.month)}/${yy}`, ambiguous: numeric }, 2],
    [{ text: `${pad(d.day)}-${pad(d.month)}-${yy}`, ambiguous: numeric }, 1],
    [{ text: `${pad(d.day)}.${pad(d.month)}.${d.year}`, ambiguous: numeric }, 1],
    [{ text: `${d.year}-${pad(d.month)}-${pad(d.day)}`, ambiguous: false }, 1],
    [{ text: `${pad(d.day)} ${MONTHS[d.month - 1]![0]}${MONTHS[d.month - 1]!.slice(1).toLowerCase()} ${d.year}`, ambiguous: false }, 2],
    [{ text: `${pad(d.day)}-${MONTHS[d.month - 1]}-${yy}`, ambiguous: false }, 1],
  ]);
}

/** Malaysian cash rounding: the total to the nearest 5 sen (1-2 down, 3-4 and 6-7 to 5, 8-9 up). */
export function roundToFiveSen(cents: number): number {
  return roundDiv(cents, 5) * 5;
}

const left = (text: string): Cell => ({ text, at: 0, align: 'left' });
const right = (text: string, at = 1): Cell => ({ text, at, align: 'right' });
const center = (text: string): Cell => ({ text, at: 0.5, align: 'center' });

function shopName(rng: Rng): { name: string; trade: Trade } {
  const [tradeWord, trade] = rng.pick(TRADES);
  const words = rng.shuffle(SHOP_WORDS).slice(0, rng.int(1, 2)).join(' ');
  const legal = rng.weighted([['SDN BHD', 5], ['SDN. BHD.', 1], ['S/B', 1], ['', 3]] as const);
  return { name: [words, tradeWord, legal].filter(Boolean).join(' '), trade };
}

interface Item { name: string; qty: number; unitCents: number; totalCents: number }

function makeItems(rng: Rng, trade: Trade): Item[] {
  const count = rng.weighted([[1, 3], [2, 3], [3, 3], [4, 2], [6, 2], [9, 1], [12, 1]] as const);
  return Array.from({ length: count }, () => {
    const qty = rng.weighted([[1, 6], [2, 2], [3, 1], [6, 1]] as const);
    const unitCents = rng.weighted([[rng.int(1, 30) * 10, 4], [rng.int(100, 4000), 4], [rng.int(40, 600) * 50, 1]] as const);
    return { name: rng.pick(ITEMS[trade]), qty, unitCents, totalCents: qty * unitCents };
  });
}

export function makeReceipt(rng: Rng, id: string): ReceiptModel {
  const { name, trade } = shopName(rng);
  const pricing: Pricing = trade === 'food'
    ? rng.weighted([['service-and-gst', 3], ['gst-inclusive', 2], ['no-tax', 2]] as const)
    : rng.weighted([['gst-inclusive', 4], ['gst-exclusive', 2], ['no-tax', 2]] as const);
  const money: Money = rng.weighted([['plain', 4], ['RM', 3], ['RM-glued', 1], ['$', 1]] as const);
  const currencyOnTotalsOnly = money !== 'plain' && rng.chance(0.6);
  const fmt = (cents: number, inTotals = true) => formatMoney(cents, inTotals || !currencyOnTotalsOnly ? money : 'plain');
  const issued: CalendarDate = { year: rng.int(2016, 2018), month: rng.int(1, 12), day: rng.int(1, 28) };
  const date = formatDate(rng, issued);
  const time = `${pad(rng.int(8, 22))}:${pad(rng.int(0, 59))}${rng.chance(0.5) ? `:${pad(rng.int(0, 59))}` : ''}`;
  const rows: ReceiptRow[] = [];
  const rule = () => rows.push({ cells: [], rule: true });
  const registration = `(${rng.digits(rng.int(6, 7))}-${rng.pick(['X', 'A', 'U', 'K', 'D', 'T'])})`;

  // Header: the shop's name (the supplier), its registration, address, phone and GST number.
  if (rng.chance(0.25)) rows.push({ cells: [center(`${name} ${registration}`)], bold: true, fields: ['fournisseur'] });
  else {
    rows.push({ cells: [center(name)], bold: true, large: rng.chance(0.5), fields: ['fournisseur'] });
    if (rng.chance(0.7)) rows.push({ cells: [center(rng.pick([registration, `Co. Reg. No: ${registration.slice(1, -1)}`, `COMPANY NO. ${registration.slice(1, -1)}`]))] });
  }
  rows.push({ cells: [center(`NO. ${rng.int(1, 250)}, ${rng.pick(STREETS)},`)] });
  if (rng.chance(0.6)) rows.push({ cells: [center(`${rng.pick(AREAS)},`)] });
  rows.push({ cells: [center(rng.pick(TOWNS))] });
  if (rng.chance(0.7)) rows.push({ cells: [center(`TEL: 0${rng.int(3, 9)}-${rng.digits(4)} ${rng.digits(4)}${rng.chance(0.3) ? `  FAX: 0${rng.int(3, 9)}-${rng.digits(4)} ${rng.digits(4)}` : ''}`)] });
  const gst = pricing !== 'no-tax' || rng.chance(0.4);
  if (gst) rows.push({ cells: [center(`${rng.pick(['GST ID', 'GST ID. NO', 'GST REG NO', 'GST No.'])} : ${rng.digits(12)}`)] });
  const title = rng.weighted([['TAX INVOICE', 4], ['SIMPLIFIED TAX INVOICE', 2], ['RECEIPT', 2], ['CASH BILL', 1], ['OFFICIAL RECEIPT', 1], ['', 2]] as const);
  if (title) rows.push({ cells: [center(title)], bold: rng.chance(0.6) });

  // Document number, date and time, cashier: as labelled lines or as one strip.
  const number = `${rng.pick(['CS', 'INV', 'OR', 'T', ''])}${rng.digits(rng.int(5, 10))}`;
  const numberLabel = rng.pick(['Invoice No', 'INVOICE NO', 'Receipt No', 'Bill No', 'Doc No', 'Receipt #', 'Trans No']);
  if (rng.chance(0.3)) {
    rows.push({ cells: [left(`${numberLabel} : ${number}`)] });
    rows.push({ cells: [left(time), center(rng.digits(6)), right(date.text)], fields: ['date_facture'] });
  } else {
    rows.push({ cells: [left(`${numberLabel}: ${number}`)] });
    if (rng.chance(0.5)) rows.push({ cells: [left(`Date: ${date.text}`), right(`Time: ${time}`)], fields: ['date_facture'] });
    else rows.push({ cells: [left(`${rng.pick(['Date', 'DATE', 'Date/Time'])} : ${date.text} ${time}`)], fields: ['date_facture'] });
    if (rng.chance(0.6)) rows.push({ cells: [left(`${rng.pick(['Cashier', 'CASHIER', 'Staff'])}: ${rng.pick(['ANNA', 'SITI', 'RAJ', 'MEI LING', '0012', 'ADMIN'])}`)] });
    if (trade === 'food' && rng.chance(0.6)) rows.push({ cells: [left(`Table: ${rng.int(1, 40)}`), right(`Pax: ${rng.int(1, 6)}`)] });
  }
  rule();

  // Items: one line each, or the name over "qty x price   amount".
  const items = makeItems(rng, trade);
  const twoLines = rng.chance(0.4);
  const code = pricing === 'no-tax' ? (rng.chance(0.3) ? ' Z' : '') : rng.chance(0.5) ? ' SR' : '';
  if (rng.chance(0.6)) rows.push({ cells: [left('Item'), right('Qty', 0.55), right('Price', 0.75), right('Amount')] });
  for (const item of items) {
    if (twoLines) {
      rows.push({ cells: [left(`${rng.digits(rng.chance(0.5) ? 13 : 4)} ${item.name}`)] });
      rows.push({ cells: [left(`  ${item.qty} x ${fmt(item.unitCents, false)}`), right(`${fmt(item.totalCents, false)}${code}`)] });
    } else {
      // Four columns leave no room for a currency beside each price.
      rows.push({ cells: [left(item.name), right(String(item.qty), 0.55), right(formatMoney(item.unitCents, 'plain'), 0.75), right(`${formatMoney(item.totalCents, 'plain')}${code}`)] });
    }
  }
  rule();

  // Totals. `paid` is the receipt's total: what SROIE calls 'total' (GST and rounding included).
  const sum = items.reduce((s, i) => s + i.totalCents, 0);
  const quantity = items.reduce((s, i) => s + i.qty, 0);
  const labelAt = rng.chance(0.5) ? 0 : 0.62; // labels at the left margin, or right-aligned beside the figures
  const totalRow = (label: string, cents: number, extra: Partial<ReceiptRow> = {}): ReceiptRow => ({
    cells: [labelAt === 0 ? left(label) : right(label, labelAt), right(fmt(cents))], ...extra,
  });
  if (rng.chance(0.5)) rows.push({ cells: [left(`${rng.pick(['Total Qty', 'Total Item(s)', 'No. of Items', 'Item Count'])}: ${rng.chance(0.5) ? quantity : items.length}`)] });
  let total: number;
  let gstCents = 0;
  let gstBasis = 0;
  if (pricing === 'gst-inclusive') {
    total = sum;
    gstCents = roundDiv(sum * 6, 106);
    gstBasis = sum - gstCents;
    if (rng.chance(0.6)) rows.push(totalRow(rng.pick(['Total Sales (Excluding GST)', 'Total Excl. GST', 'Sub Total (excl GST)']), gstBasis));
    rows.push(totalRow(rng.pick(['GST @6%', 'Total GST', 'GST 6%', 'GST Payable']), gstCents));
  } else if (pricing === 'no-tax') {
    const discount = rng.chance(0.25) ? roundDiv(sum * rng.pick([5, 10]), 100) : 0;
    if (discount) {
      rows.push(totalRow(rng.pick(['Sub Total', 'SUBTOTAL', 'Amount']), sum));
      rows.push(totalRow(rng.pick(['Discount', 'Disc.', 'Member Discount']), -discount));
    }
    total = sum - discount;
  } else {
    const service = pricing === 'service-and-gst' ? roundDiv(sum * 10, 100) : 0;
    gstBasis = sum + service;
    gstCents = roundDiv(gstBasis * 6, 100);
    total = gstBasis + gstCents;
    rows.push(totalRow(rng.pick(['Sub Total', 'SUBTOTAL', 'Sub-Total', 'Total Sales (Excluding GST)']), sum));
    if (service) rows.push(totalRow(rng.pick(['Service Charge 10%', 'SVC CHG 10%', 'Service Chg (10%)']), service));
    rows.push(totalRow(rng.pick(['GST 6%', 'GST @ 6%', 'Total GST', '6% GST']), gstCents));
  }
  const totalLabels = pricing === 'gst-inclusive' ? ['Total Sales (Inclusive GST)', 'Total Incl. GST', 'TOTAL', 'Total Amount'] : ['TOTAL', 'Total', 'Grand Total', 'Total Amount', 'NET TOTAL'];
  const rounded = roundToFiveSen(total);
  const showRounding = rounded !== total || rng.chance(0.2);
  let paid: number;
  if (showRounding) {
    rows.push(totalRow(rng.pick(totalLabels), total, { fields: rounded === total ? ['montant_ttc'] : [] }));
    rows.push(totalRow(rng.pick(['Rounding Adj', 'Rounding', 'ROUNDING ADJ', 'Round Adj']), rounded - total));
    rows.push(totalRow(rng.pick(['Total Payable', 'Nett Total', 'TOTAL', 'Total Rounded', 'Grand Total']), rounded, { bold: true, fields: ['montant_ttc'] }));
    paid = rounded;
  } else {
    rows.push(totalRow(rng.pick(totalLabels), total, { bold: rng.chance(0.6), large: rng.chance(0.3), fields: ['montant_ttc'] }));
    paid = total;
  }

  // Payment: cash tendered and change, a card charged the total, or nothing said.
  const payment = rng.weighted([['cash', 6], ['card', 2], ['none', 2]] as const);
  if (payment === 'cash') {
    const notes = [100, 500, 1000, 2000, 5000, 10000].map((n) => Math.ceil(paid / n) * n);
    const tendered = rng.chance(0.2) ? paid : rng.pick(notes.filter((n) => n < paid + 10000));
    rows.push(totalRow(rng.pick(['Cash', 'CASH', 'Tendered', 'Cash Paid']), tendered));
    rows.push(totalRow(rng.pick(['Change', 'CHANGE', 'Change Due']), tendered - paid));
  } else if (payment === 'card') {
    rows.push(totalRow(rng.pick(['VISA', 'MASTER CARD', 'Credit Card', 'DEBIT CARD']), paid));
  }
  if (gst && pricing !== 'no-tax' && rng.chance(0.6)) {
    rule();
    rows.push({ cells: [left('GST Summary'), right('Amount(RM)', 0.7), right('Tax(RM)')] });
    rows.push({ cells: [left(rng.pick(['SR @ 6%', 'SR = 6%', 'S 6%'])), right(fmt(gstBasis, false), 0.7), right(fmt(gstCents, false))] });
  }
  if (rng.chance(0.3)) rows.push({ cells: [left(`${rng.pick(['Points Earned', 'Member Points', 'You Saved'])}: ${rng.chance(0.5) ? String(Math.floor(paid / 100)) : fmt(rng.int(50, 900), false)}`)] });
  rows.push({ cells: [center(rng.pick(['Thank You. Please come again', 'THANK YOU & COME AGAIN', 'Thank you for shopping with us']))] });
  if (rng.chance(0.5)) rows.push({ cells: [center(rng.pick(['Goods sold are not returnable', 'Keep the receipt for returns', '*** Price inclusive of GST ***']))] });

  const notes = `receipt: ${trade}, ${pricing}, money ${money}${currencyOnTotalsOnly ? ' (totals only)' : ''}, ${items.length} item(s)${showRounding ? ', cash rounding' : ''}, paid by ${payment}, date "${date.text}"${date.ambiguous ? ' (D/M ambiguous: date left null)' : ''}`;
  return { id, seller: name, date: date.ambiguous ? null : isoOf(issued), totalCents: paid, currency: money.startsWith('RM') ? 'MYR' : null, rows, notes };
}
