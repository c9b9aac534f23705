// Template 3: microinvoice (pdfkit), the invoice generator of Crisp. A grey header band with the title
// and "<label>:" over "<value>" pairs top right; "Bill To" (the buyer) on the left and "Bill From"
// (the seller) on the right, each a label over its lines; a table whose last two columns are quantity
// and line total; then label | value total rows, and centred legal lines. Amounts it marks as prices
// get " <currency>" appended; we write every amount and total (jspdf-totals.ts), so the truth is ours.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Rng } from '../generate/random.ts';
import { creationDate, formatDate, formatPlainAmount, formatRate, type MoneyStyle } from './formats.ts';
import type { Invoice } from './invoice-data.ts';
import { jspdfLabelChoices } from './jspdf-labels.ts';
import { computeTotals, isZeroRated, ourTotalsOutput, totalRows, type JspdfStyle, type JspdfTotals, type TotalRow } from './jspdf-totals.ts';
import { microLabelChoices, type MicroLabelChoices } from './micro-labels.ts';
import { buyerTaxIdDecoy, sellerText, type SellerText } from './party-lines.ts';
import type { TemplateInvoice } from './template-output.ts';

// A CommonJS package without type declarations: what we use of its class.
interface MicroInvoiceInstance { document: { info: Record<string, unknown>; _id: Buffer }; generateLegal(): void; generate(output: object): NodeJS.ReadableStream }
const MicroInvoice: new (options: unknown) => MicroInvoiceInstance = createRequire(import.meta.url)('microinvoice');

export const MICRO_TEMPLATE = 'microinvoice@1.0.6';

interface Pair { label: string; value: string | string[] }
interface Cell { value: string; price?: boolean }
interface TotalLine { label: string; value: string; price?: boolean }

/**
 * How this supplier writes amounts. The template appends its `currency` option to every price; a
 * supplier may instead write the symbol itself (£, $), or print bare amounts. The euro sign is never
 * written by hand: the template transliterates any string holding it to "EU".
 */
function microStyle(rng: Rng, inv: Invoice): { style: JspdfStyle; currency: string } {
  const money: MoneyStyle = inv.lang === 'en' ? { group: rng.pick([',', ',', '']), decimal: '.' }
    : inv.lang === 'de' ? { group: rng.pick(['.', '.', '']), decimal: ',' } : { group: rng.pick([' ', ' ', '', '.']), decimal: ',' };
  const place = inv.currency === 'EUR' ? rng.weighted<'code' | 'none'>([['code', 4], ['none', 1]]) : rng.weighted<'code' | 'symbol'>([['code', 1], ['symbol', 1]]);
  const symbol = inv.currency === 'GBP' ? '£' : '$';
  const amount = (cents: number) => (place === 'symbol' ? symbol : '') + formatPlainAmount(cents, money);
  const choices = jspdfLabelChoices(inv.lang, inv.locale === 'en-US');
  const label: JspdfStyle['label'] = (slot, rate) => rng.pick(choices[slot]).replace('{r}', rate === undefined ? '' : formatRate(rate, inv.lang));
  return { style: { label, amount, col3: '', lineAmount: amount }, currency: place === 'code' ? inv.currency : '' };
}

/** Two or three header pairs: the number and the date, and sometimes a due date, a status or an order number. */
function headerPairs(rng: Rng, inv: Invoice, choices: MicroLabelChoices, dateText: string, dueText: string): Pair[] {
  const numberPair = { label: rng.pick(choices.number), value: inv.number };
  const datePair = { label: rng.pick(choices.date), value: dateText };
  const pairs = rng.chance(0.8) ? [numberPair, datePair] : [datePair, numberPair];
  const third = rng.weighted<'due' | 'status' | 'order' | 'none'>([['due', 3], ['status', 2], ['order', 1], ['none', 2]]);
  if (third === 'due') pairs.push({ label: rng.pick(choices.due), value: dueText });
  if (third === 'status') pairs.push({ label: rng.pick(choices.status), value: rng.pick(choices.statusValue) });
  if (third === 'order') pairs.push({ label: rng.pick(choices.order), value: `${rng.pick(['PO', 'BC', 'CMD'])}-${rng.digits(5)}` });
  return pairs;
}

function partyPairs(rng: Rng, inv: Invoice, choices: MicroLabelChoices, seller: SellerText): { customer: Pair[]; sellerPairs: Pair[] } {
  const b = inv.buyer;
  const buyerLines = [b.name, ...(rng.chance(0.4) ? [inv.buyerPerson] : []), b.street, b.city, ...(rng.chance(0.4) ? [b.email] : [])];
  const customer: Pair[] = [{ label: rng.pick(choices.customer), value: buyerLines }];
  const decoy = buyerTaxIdDecoy(rng, inv);
  if (decoy) customer.push({ label: rng.pick(choices.buyerVat), value: decoy.replace(/^[^:]*:\s*/, '') });
  const s = inv.seller;
  const sellerLines = [s.name, s.street, s.city, ...(rng.chance(0.6) ? [s.phone] : []), s.email];
  const sellerPairs: Pair[] = [{ label: rng.pick(choices.seller), value: sellerLines }];
  if (seller.siretPlace === 'siret-head') sellerPairs.push({ label: rng.pick(choices.siret), value: seller.siretText });
  else if (inv.vatId && rng.chance(0.6)) sellerPairs.push({ label: rng.pick(choices.vat), value: inv.vatId });
  return { customer, sellerPairs };
}

/** The table: three columns (description, quantity, line total) or four (with the unit price). */
function tableOf(rng: Rng, inv: Invoice, choices: MicroLabelChoices, style: JspdfStyle): { header: Cell[]; parts: Cell[][] } {
  const withUnit = rng.chance(0.4);
  const header = rng.pick(withUnit ? choices.head4 : choices.head3).map((value) => ({ value }));
  const parts = inv.lines.map((l) => [
    { value: l.name }, ...(withUnit ? [{ value: style.amount(l.cents) }] : []), { value: String(l.qty) }, { value: style.amount(l.qty * l.cents), price: true },
  ]);
  return { header, parts };
}

/** The totals rows; with one rate, sometimes the rate on a row of its own and the VAT under a total label. */
function totalLines(rng: Rng, inv: Invoice, choices: MicroLabelChoices, style: JspdfStyle, totals: JspdfTotals): { lines: TotalLine[]; vatPrinted: string[] } {
  const { rows, vatPrinted } = totalRows(rng, inv, style, totals);
  const lines: TotalLine[] = rows.map((r: TotalRow) => ({ label: r.col1, value: r.col2, price: true }));
  const vatRow = lines.findIndex((l) => l.value === style.amount(totals.tva) && totals.taxes.length === 1);
  if (vatRow > 0 && rng.chance(0.4)) {
    lines.splice(vatRow, 1, { label: rng.pick(choices.rate), value: `${formatRate(totals.taxes[0]!.rate, inv.lang)} %` }, { label: style.label('tvaTotal'), value: lines[vatRow]!.value, price: true });
  }
  return { lines, vatPrinted };
}

/** The template's output, with a creation date and file id from the invoice instead of the clock. */
async function printPdf(options: unknown, inv: Invoice): Promise<Buffer> {
  class DatedInvoice extends MicroInvoice {
    override generateLegal() {
      super.generateLegal();
      this.document.info.CreationDate = creationDate(inv.date);
      this.document._id = createHash('md5').update(`${inv.number}:${inv.seller.name}`).digest();
    }
  }
  const doc = new DatedInvoice(options).generate({});
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => { doc.on('data', (c: Buffer) => chunks.push(c)); doc.on('end', () => resolve()); doc.on('error', reject); });
  return Buffer.concat(chunks);
}

export async function buildMicro(rng: Rng, inv: Invoice): Promise<TemplateInvoice> {
  const choices = microLabelChoices(inv.lang, inv.locale === 'en-US');
  const { style, currency } = microStyle(rng, inv);
  const totals = computeTotals(rng, inv.lines);
  const dateText = formatDate(inv.date, inv.dateStyle, inv.lang);
  const dueText = formatDate(inv.due, inv.dateStyle, inv.lang);
  const seller = sellerText(rng, inv, dueText, isZeroRated(totals));
  const header = headerPairs(rng, inv, choices, dateText, dueText);
  const { customer, sellerPairs } = partyPairs(rng, inv, choices, seller);
  const table = tableOf(rng, inv, choices, style);
  const { lines, vatPrinted } = totalLines(rng, inv, choices, style, totals);
  const legal = [{ value: seller.paymentTerms, weight: 'normal', color: 'secondary' }, { value: seller.footer, weight: 'bold', color: 'primary' }];
  const pdf = await printPdf({ data: { invoice: { name: rng.pick(choices.title), currency, header, customer, seller: sellerPairs, details: { ...table, total: lines }, legal } } }, inv);
  return ourTotalsOutput({
    pdf, template: MICRO_TEMPLATE, inv, totals, style, vatPrinted, dateText, printsSiret: seller.siretPlace !== 'none',
    notes: [
      `money "${style.amount(123456)}"${currency ? ` + " ${currency}"` : ''}`,
      `header: ${header.map((p) => `${p.label}: ${String(p.value)}`).join(' | ')}`,
      `parties: ${customer[0]!.label} (buyer, left) / ${sellerPairs[0]!.label} (seller, right)`,
      `totals: ${lines.map((l) => `${l.label} ${l.value}`).join(' | ')}`,
      `seller id: ${seller.siretPlace}`,
    ],
  });
}
