// Template 5: invoice-it (Rimiti, French), a pug HTML page printed to PDF by Chromium, as invoices made
// in a web application are. Top right "Facture" / "Réf. : <number>" / "Date facturation: <date>"
// (English: "Invoice date :"); the seller's box (grey) and the buyer's (framed) side by side; "Montants
// exprimés en Euros" over a table Description | TVA | P.U. HT | Qt | Total HT padded with empty rows;
// then a note beside three boxed total rows (Total HT, Total TVA, Total TTC) and the legal footer.
// The template does its own sums in binary floating point, prints amounts with a dot and no grouping,
// cuts (not rounds) a third decimal and drops ".00" ("1200"): the truth is what it prints.
import { createRequire } from 'node:module';
import { PDFDocument } from 'pdf-lib';
import { chromium, type Browser } from 'playwright-core';
import { spacedSiret } from '../generate/identifiers.ts';
import type { Rng } from '../generate/random.ts';
import { decimalToCents } from '../../src/domain/money.ts';
import { isoOf } from '../generate/formats.ts';
import { creationDate } from './formats.ts';
import type { Invoice } from './invoice-data.ts';
import { sellerText } from './party-lines.ts';
import { commonExtra, expectedValues, InconsistentTotalsError, type TemplateInvoice } from './template-output.ts';

export const INVOICEIT_TEMPLATE = 'invoice-it@2.0.0';

// A CommonJS package without types: what we use of it.
interface InvoiceItKeys { toHTML(): { html: string }; header_date: string; table_total_without_taxes_value: string; table_total_taxes_value: string; table_total_with_taxes_value: string }
interface InvoiceItDocument { date: string; reference: string; invoice_note: string; article: object[]; getInvoice(): InvoiceItKeys }
interface InvoiceIt { configure(options: object): void; create(recipient: object, emitter: object): InvoiceItDocument }
const require = createRequire(import.meta.url);
const invoiceIt: InvoiceIt = require('invoice-it');
/** The template's own moment.js, which formats its dates: the due date in the note is formatted alike. */
const moment: (iso: string) => { format(pattern: string): string } = createRequire(require.resolve('invoice-it'))('moment');

/** Debian's chromium, as the web UI's browser tests use it; nothing is downloaded. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let browser: Promise<Browser> | undefined;

/** The browser started for the first invoice; the command closes it when done. */
export async function closeInvoiceItBrowser(): Promise<void> {
  const started = browser;
  browser = undefined;
  if (started) await (await started).close();
}

/**
 * The invoice date as the supplier set the template's `date_format` (a moment.js format): the
 * template's own default (YYYY/MM/DD) or the numeric style of the invoice's locale.
 */
function momentFormat(rng: Rng, inv: Invoice): string {
  if (rng.chance(0.25)) return 'YYYY/MM/DD';
  switch (inv.dateStyle) {
    case 'dd.mm.yyyy': case 'd. month yyyy': return 'DD.MM.YYYY';
    case 'yyyy-mm-dd': return 'YYYY-MM-DD';
    case 'dd-mm-yyyy': return 'DD-MM-YYYY';
    case 'mm/dd/yyyy': return 'MM/DD/YYYY';
    case 'month d, yyyy': return inv.lang === 'en' ? 'MMMM D, YYYY' : 'DD/MM/YYYY';
    case 'd month yyyy': return inv.lang === 'en' ? 'D MMMM YYYY' : 'DD/MM/YYYY';
    default: return 'DD/MM/YYYY';
  }
}

/** The template's addresses are number + street and postcode + town; ours come whole, in its second and fourth slots. */
const addressOf = (p: Invoice['seller']) => ({ street_number: '', street_name: p.street, zip_code: '', city: p.city, phone: p.phone, mail: p.email });

/** What the template has printed, read from its own keys: amounts with a dot, ".00" dropped. */
function printedCents(text: string): number {
  const cents = decimalToCents(text);
  if (cents === null) throw new Error(`invoice-it printed an amount we cannot read: ${text}`);
  return cents;
}

async function printToPdf(html: string, inv: Invoice): Promise<Buffer> {
  browser ??= chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  const page = await (await browser).newPage();
  try {
    // The template imports Open Sans from Google Fonts: nothing leaves the machine, the page falls
    // back on the machine's sans-serif (fontconfig's choice: DejaVu Sans or Liberation Sans).
    await page.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
    await page.setContent(html, { waitUntil: 'load' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    // Chromium dates the file by the clock: the invoice date instead, so that a seed gives the same bytes.
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    doc.setCreationDate(creationDate(inv.date));
    doc.setModificationDate(creationDate(inv.date));
    return Buffer.from(await doc.save({ useObjectStreams: false }));
  } finally { await page.close(); }
}

export async function buildInvoiceIt(rng: Rng, drawn: Invoice): Promise<TemplateInvoice> {
  // The template says "Montants exprimés en Euros" whatever the amounts are: its users bill in euros.
  const inv: Invoice = { ...drawn, currency: 'EUR' };
  const lang = inv.lang === 'fr' ? 'fr' : 'en';
  const dateFormat = momentFormat(rng, inv);
  const zeroRated = inv.lines.every((l) => l.rate === 0);
  const dueText = moment(isoOf(inv.due)).format(dateFormat);
  const seller = sellerText(rng, inv, dueText, zeroRated);
  // Its footer is the supplier's legal line (the package ships its author's own as an example).
  const siretText = inv.siret ? (rng.chance(0.5) ? inv.siret : spacedSiret(inv.siret)) : '';
  const legal = inv.seller.country === 'FR' ? `${seller.footer.replace(/ – SIRET [\d ]+/, '')}<br>SIRET : ${siretText}` : seller.footer;
  invoiceIt.configure({ global: { lang, date_format: dateFormat, footer: { fr: legal, en: legal }, logo: '' } });
  const b = inv.buyer;
  const recipient = { company_name: b.name, first_name: rng.chance(0.5) ? inv.buyerPerson : '', last_name: '', ...addressOf(b) };
  const doc = invoiceIt.create(recipient, { name: inv.seller.name, ...addressOf(inv.seller), website: inv.seller.web });
  doc.date = isoOf(inv.date);
  doc.reference = inv.number;
  doc.invoice_note = rng.chance(0.7) ? seller.paymentTerms : '';
  doc.article = inv.lines.map((l) => ({ description: l.name, tax: l.rate, price: l.cents / 100, qt: l.qty }));
  const keys = doc.getInvoice();
  const [htText, tvaText, ttcText] = [keys.table_total_without_taxes_value, keys.table_total_taxes_value, keys.table_total_with_taxes_value];
  const totals = { ht: printedCents(htText), tva: printedCents(tvaText), ttc: printedCents(ttcText) };
  // Its TTC sums the lines' own TTC, each rounded: one cent off HT + TVA happens, as on real bills;
  // more would be a template fault no invoice should carry.
  if (Math.abs(totals.ht + totals.tva - totals.ttc) > 1) throw new InconsistentTotalsError(`inconsistent: ${htText}+${tvaText}!=${ttcText}`);
  const pdf = await printToPdf(keys.toHTML().html, inv);
  const expected = expectedValues(inv, totals, Boolean(inv.siret));
  return {
    pdf, template: INVOICEIT_TEMPLATE, expected,
    extra: { ...commonExtra(inv), template_lang: lang, date_format: dateFormat, sum_off_by_a_cent: totals.ht + totals.tva !== totals.ttc },
    printed: {
      montant_ht: [htText], montant_tva: [tvaText], montant_ttc: [ttcText], date_facture: [keys.header_date], numero: [inv.number],
      fournisseur: [inv.seller.name], siret: inv.siret ? [inv.siret] : [],
    },
    notes: [`labels ${lang}`, `date format ${dateFormat}`, doc.invoice_note ? 'payment terms in the note' : 'no note', `totals printed ${htText} + ${tvaText} = ${ttcText}`],
  };
}
