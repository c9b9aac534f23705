// Template 1: @h1dd3nsn1p3r/pdf-invoice (pdfmake). It prints, top right, the title,
// "<refNumber>: #<number>", "<date>: <date>", "<dueDate>: <due>", "<status>: <status>"; then a table
// Item/Qty/Price/Tax/Discount/Total whose line Total is price × qty × (1 + tax); then Subtotal = the
// sum of those tax-inclusive line totals, Total Tax = Σ price × qty × tax, and Grand Total = Subtotal.
// Amounts go through Intl.NumberFormat(locale, currency). The net (HT) is therefore never printed.
import { createRequire } from 'node:module';
import path from 'node:path';
import { spacedIban, spacedSiret } from '../generate/identifiers.ts';
import type { Rng } from '../generate/random.ts';
import { centsToDecimal, decimalToCents } from '../../src/domain/money.ts';
import { isoOf } from '../generate/formats.ts';
import { creationDate, formatDate } from './formats.ts';
import { h1LabelChoices, NOTES, type H1LabelChoices } from './h1-labels.ts';
import type { Invoice, Line } from './invoice-data.ts';
import { buyerTaxIdDecoy } from './party-lines.ts';
import { commonExtra, expectedValues, InconsistentTotalsError, type TemplateInvoice } from './template-output.ts';

// CommonJS packages without usable types for what we call (pdfmake's printer, the template's helper).
const require = createRequire(import.meta.url);
const h1Entry = require.resolve('@h1dd3nsn1p3r/pdf-invoice');
const { PDFInvoice } = require('@h1dd3nsn1p3r/pdf-invoice');
const PdfPrinter = createRequire(h1Entry)('pdfmake');
// The template's own arithmetic (the functions its class calls), so that the truth is what it prints.
const h1Helper = require(path.join(path.dirname(h1Entry), 'utils/helper.js'));

export const H1_TEMPLATE = '@h1dd3nsn1p3r/pdf-invoice@1.0.12';

// fr-FR groups thousands with U+202F, which the 14 standard PDF fonts lack (pdfkit prints "/"): a
// French user of this template must give it a TTF font, as its README shows. The project's own DejaVu
// (npm dejavu-fonts-ttf, as tools/generate uses), so that nothing depends on the machine's fonts.
const DEJAVU = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const TTF_FONTS = Object.fromEntries((['DejaVuSans', 'DejaVuSerif', 'DejaVuSansCondensed'] as const).map((name) => {
  const slanted = name === 'DejaVuSerif' ? 'Italic' : 'Oblique';
  return [name, { normal: `${DEJAVU}/${name}.ttf`, bold: `${DEJAVU}/${name}-Bold.ttf`, italics: `${DEJAVU}/${name}-${slanted}.ttf`, bolditalics: `${DEJAVU}/${name}-Bold${slanted}.ttf` }];
}));

type Labels = Record<Exclude<keyof H1LabelChoices, 'statusValue'>, string>;

function pickLabels(rng: Rng, choices: H1LabelChoices): Labels {
  const pick = (slot: keyof H1LabelChoices) => rng.pick(choices[slot]);
  const labels: Labels = {
    invoice: pick('invoice'), refNumber: pick('refNumber'), date: pick('date'), dueDate: pick('dueDate'), status: pick('status'), billTo: pick('billTo'),
    item: pick('item'), quantity: pick('quantity'), price: pick('price'), tax: pick('tax'), discount: pick('discount'), total: pick('total'),
    subTotal: pick('subTotal'), totalTax: pick('totalTax'), grandTotal: pick('grandTotal'),
  };
  if (labels.subTotal === labels.grandTotal) labels.subTotal = choices.subTotal[0]!;
  return labels;
}

/** The totals exactly as the template computes them; a draw off by a cent (floating point) is refused. */
function templateTotals(lines: Line[]) {
  const items = lines.map((l) => ({ name: l.name, quantity: l.qty, price: l.cents / 100, tax: l.rate }));
  const ttc = decimalToCents(h1Helper.calcFinalTotal(items, undefined, undefined))!;
  const tva = decimalToCents(h1Helper.calcTax(items))!;
  const ht = lines.reduce((sum, l) => sum + l.qty * l.cents, 0);
  if (ht + tva !== ttc) throw new InconsistentTotalsError(`inconsistent: ${ht}+${tva}!=${ttc}`);
  return { items, ht, tva, ttc };
}

/** The seller's taxId slot: SIRET (spaced or not) or the VAT number, as such a supplier would fill it. */
function sellerTaxId(rng: Rng, inv: Invoice): { taxId: string | undefined; printsSiret: boolean } {
  const fr = inv.seller.country === 'FR';
  const choice = fr ? rng.weighted<string>([['siret', 4], ['siret-spaced', 2], ['vat', 2], ['none', 1]]) : rng.weighted<string>([['vat', 3], ['none', 1]]);
  const vatLine = fr ? `N° TVA intracom. : ${inv.vatId}` : inv.lang === 'de' ? `USt-IdNr.: ${inv.vatId}` : `VAT Reg. No: ${inv.vatId}`;
  const taxId = choice === 'siret' ? `SIRET : ${inv.siret}` : choice === 'siret-spaced' ? `SIRET ${spacedSiret(inv.siret!)}`
    : choice === 'vat' && inv.vatId ? vatLine : undefined;
  return { taxId, printsSiret: choice.startsWith('siret') };
}

function payloadOf(rng: Rng, inv: Invoice, choices: H1LabelChoices, items: unknown[], dates: { dateText: string; dueText: string }, taxId: string | undefined) {
  const phonePrefix = { fr: 'Tél. : ', de: 'Tel.: ', en: 'Tel: ' }[inv.lang];
  return {
    company: {
      name: inv.seller.name, address: `${inv.seller.street}\n${inv.seller.city}`, phone: phonePrefix + inv.seller.phone,
      email: inv.seller.email, website: rng.chance(0.6) ? inv.seller.web : undefined, taxId,
      bank: rng.chance(0.5) ? `IBAN : ${spacedIban(inv.iban)}`.replace(' :', inv.lang === 'fr' ? ' :' : ':') : undefined,
    },
    customer: {
      name: inv.buyerPerson, company: inv.buyer.name, address: `${inv.buyer.street}\n${inv.buyer.city}`,
      email: rng.chance(0.5) ? inv.buyer.email : undefined, taxId: buyerTaxIdDecoy(rng, inv),
    },
    invoice: { number: inv.number, date: dates.dateText, dueDate: dates.dueText, status: rng.pick(choices.statusValue), locale: inv.locale, currency: inv.currency, path: '/dev/null' },
    items,
    qr: rng.chance(0.3) ? { data: `https://${inv.seller.web}/pay/${inv.number}`, width: rng.pick([50, 60, 80]) } : undefined,
    note: rng.chance(0.7) ? rng.pick(NOTES[inv.lang]) : undefined,
  };
}

// PDFInvoice.create() resolves before its file stream is flushed, and stamps the clock; this is its
// document definition, unchanged, printed to memory with the invoice date as creation date.
async function printPdf(payload: unknown, config: unknown, created: Date): Promise<Buffer> {
  const doc = new PDFInvoice(payload, config);
  const printer = new PdfPrinter(doc.fonts());
  const kit = printer.createPdfKitDocument({
    pageSize: 'A4', orientation: 'portrait', pageMargins: [40, 40, 40, 40],
    info: { ...doc.docMeta(), creationDate: created },
    content: doc.content(), defaultStyle: doc.docStyle(), styles: doc.docTypo(),
  });
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => { kit.on('data', (c: Buffer) => chunks.push(c)); kit.on('end', () => resolve()); kit.on('error', reject); kit.end(); });
  return Buffer.concat(chunks);
}

/** Per-rate bases and taxes, each rate's tax rounded (informative: h1 prints one tax total, on unrounded sums). */
function vatBreakdown(lines: Line[]) {
  const basisByRate = new Map<number, number>();
  for (const l of lines) basisByRate.set(l.rate, (basisByRate.get(l.rate) ?? 0) + l.qty * l.cents);
  return [...basisByRate].sort((a, b) => b[0] - a[0])
    .map(([rate, basis]) => ({ rate: rate.toFixed(2), basis: centsToDecimal(basis), tax: centsToDecimal(Math.round((basis * Math.round(rate * 100)) / 10000)) }));
}

export async function buildH1(rng: Rng, inv: Invoice): Promise<TemplateInvoice> {
  const choices = h1LabelChoices(inv.lang, inv.locale === 'en-US');
  const labels = pickLabels(rng, choices);
  const font = inv.locale === 'fr-FR' ? rng.pick(Object.keys(TTF_FONTS)) : rng.pick(['Helvetica', 'Times', 'Courier', 'DejaVuSans']);
  const fontSize = rng.pick([9, 10, 10, 11]);
  const { items, ht, tva, ttc } = templateTotals(inv.lines);
  const printedAmount = (cents: number) => new Intl.NumberFormat(inv.locale, { style: 'currency', currency: inv.currency }).format(Number((cents / 100).toFixed(2)));
  const dateText = formatDate(inv.date, inv.dateStyle, inv.lang);
  const dueText = formatDate(inv.due, inv.dateStyle, inv.lang);
  const { taxId, printsSiret } = sellerTaxId(rng, inv);
  const payload = payloadOf(rng, inv, choices, items, { dateText, dueText }, taxId);
  const pdf = await printPdf(payload, { string: labels, font: TTF_FONTS, style: { font, fontSize } }, creationDate(inv.date));
  return {
    pdf, template: H1_TEMPLATE,
    expected: expectedValues(inv, { ht, tva, ttc }, printsSiret),
    extra: { ...commonExtra(inv), vat_breakdown: vatBreakdown(inv.lines), due_payable: centsToDecimal(ttc) },
    printed: {
      montant_ht: [printedAmount(ht)], montant_tva: [printedAmount(tva)], montant_ttc: [printedAmount(ttc)],
      date_facture: [dateText], numero: [inv.number], fournisseur: [inv.seller.name], siret: printsSiret ? [inv.siret!] : [],
    },
    notes: [
      `font ${font} ${fontSize}pt`,
      `labels: title="${labels.invoice}", number="${labels.refNumber}: #", date="${labels.date}", due="${labels.dueDate}" (decoy ${isoOf(inv.due)}), subtotal="${labels.subTotal}" (= TTC, the template sums tax-inclusive line totals), tax="${labels.totalTax}", total="${labels.grandTotal}"`,
      `seller id line: ${taxId ?? 'none'}`,
    ],
  };
}
