// Template 2: jspdf-invoice-template-nodejs (jsPDF). Every string is the caller's: the business
// block top right, "<label><num>" and two free date lines (invDate, invGenDate) on the right, a table
// whose header and cells we give, then "additionalRows" (label, amount, currency) right-aligned.
// We compute the totals (jspdf-totals.ts) and write every amount, so the truth is what we wrote.
import { createRequire } from 'node:module';
import type { Rng } from '../generate/random.ts';
import { creationDate, formatDate, formatRate } from './formats.ts';
import type { Invoice } from './invoice-data.ts';
import { jspdfLabelChoices, type JspdfLabelChoices } from './jspdf-labels.ts';
import { computeTotals, isZeroRated, ourTotalsOutput, pickStyle, totalRows, type JspdfStyle, type TotalRow } from './jspdf-totals.ts';
import { sellerText, type SellerText } from './party-lines.ts';
import type { TemplateInvoice } from './template-output.ts';

// A CommonJS package without type declarations.
const jsPDFInvoiceTemplate = createRequire(import.meta.url)('jspdf-invoice-template-nodejs').default;

export const JSPDF_TEMPLATE = 'jspdf-invoice-template-nodejs@1.4.40';

interface DatesAndTable {
  dateText: string; dueText: string; dateLine: string; dueLine: string;
  /** invDate is printed above invGenDate: sometimes the due date goes first. */
  dueFirst: boolean;
  header: Array<{ title: string; style?: { width: number } }>; table: string[][];
}

function datesAndTable(rng: Rng, inv: Invoice, choices: JspdfLabelChoices, style: JspdfStyle, rates: number[]): DatesAndTable {
  const dateText = formatDate(inv.date, inv.dateStyle, inv.lang);
  const dueText = formatDate(inv.due, inv.dateStyle, inv.lang);
  const dateLine = rng.pick(choices.date) + dateText;
  const dueLine = rng.pick(choices.due) + dueText;
  const dueFirst = rng.chance(0.35);
  const head = rng.pick(choices.head);
  const showRate = rng.chance(0.7) || rates.length > 1;
  const RATE_COLUMN = 4;
  const header = head.filter((_, i) => showRate || i !== RATE_COLUMN)
    .map((title, i) => ({ title, style: i === 1 ? { width: rng.pick([60, 70, 80]) } : i === 0 ? { width: 12 } : undefined }));
  const table = inv.lines.map((l, i) => {
    const row = [String(i + 1), l.name, String(l.qty), style.lineAmount(l.cents), `${formatRate(l.rate, inv.lang)} %`, style.lineAmount(l.qty * l.cents)];
    return row.filter((_, k) => showRate || k !== RATE_COLUMN);
  });
  return { dateText, dueText, dateLine, dueLine, dueFirst, header, table };
}

function printPdf(rng: Rng, inv: Invoice, choices: JspdfLabelChoices, page: DatesAndTable, seller: SellerText, rows: TotalRow[]): Buffer {
  const created = creationDate(inv.date);
  // jsPDF draws a random file id: a seeded one keeps the bytes repeatable.
  const fileId = Array.from({ length: 32 }, () => '0123456789ABCDEF'[rng.int(0, 15)]).join('');
  const result = jsPDFInvoiceTemplate({
    outputType: 'arraybuffer',
    onJsPDFDocCreation: (d: { setCreationDate(x: Date): void; setFileId(x: string): void }) => { d.setCreationDate(created); d.setFileId(fileId); },
    fileName: inv.number, orientationLandscape: false, compress: true,
    business: {
      name: inv.seller.name, address: `${inv.seller.street}, ${inv.seller.city}`, phone: inv.seller.phone, email: inv.seller.email,
      email_1: seller.siretPlace === 'siret-head' ? `SIRET ${seller.siretText}` : rng.chance(0.5) ? seller.vatText : '', website: rng.chance(0.6) ? inv.seller.web : '',
    },
    contact: {
      label: rng.pick(choices.contact), name: inv.buyer.name, address: `${inv.buyer.street}, ${inv.buyer.city}`, phone: rng.chance(0.5) ? inv.buyer.phone : '',
      email: rng.chance(0.5) ? inv.buyer.email : '', otherInfo: rng.chance(0.3) ? `${{ fr: 'Contact', de: 'Ansprechpartner', en: 'Attn' }[inv.lang]}: ${inv.buyerPerson}` : '',
    },
    invoice: {
      label: rng.pick(choices.number), num: inv.number,
      invDate: page.dueFirst ? page.dueLine : page.dateLine, invGenDate: page.dueFirst ? page.dateLine : page.dueLine,
      headerBorder: rng.chance(0.5), tableBodyBorder: rng.chance(0.4), header: page.header, table: page.table,
      additionalRows: rows, invDescLabel: rng.pick(choices.descLabel), invDesc: seller.paymentTerms,
    },
    footer: { text: seller.footer }, pageEnable: true, pageLabel: { fr: 'Page ', de: 'Seite ', en: 'Page ' }[inv.lang],
  });
  return Buffer.from(result.arrayBuffer);
}

export function buildJspdf(rng: Rng, inv: Invoice): TemplateInvoice {
  const choices = jspdfLabelChoices(inv.lang, inv.locale === 'en-US');
  const style = pickStyle(rng, inv, choices);
  const totals = computeTotals(rng, inv.lines);
  const { rows, vatPrinted } = totalRows(rng, inv, style, totals);
  const page = datesAndTable(rng, inv, choices, style, totals.rates);
  const seller = sellerText(rng, inv, page.dueText, isZeroRated(totals));
  const pdf = printPdf(rng, inv, choices, page, seller, rows);
  return ourTotalsOutput({
    pdf, template: JSPDF_TEMPLATE, inv, totals, style, vatPrinted, dateText: page.dateText, printsSiret: seller.siretPlace !== 'none',
    notes: [
      `money "${style.amount(123456)}" col3="${style.col3}"`,
      `rows: ${rows.map((r) => `${r.col1} ${r.col2}`).join(' | ')}`,
      `date lines: "${page.dateLine}" / "${page.dueLine}"${page.dueFirst ? ' (due printed first)' : ''}`,
      `seller id: ${seller.siretPlace}`,
    ],
  });
}
