// The jspdf and microinvoice templates only lay out what they are given, so the totals are ours:
// the net after an optional discount, VAT rounded once per rate, and the rows printed under the table.
import type { Rng } from '../generate/random.ts';
import { centsToDecimal } from '../../src/domain/money.ts';
import { formatPlainAmount, formatRate, type MoneyStyle } from './formats.ts';
import type { Invoice, Line } from './invoice-data.ts';
import type { JspdfLabelChoices } from './jspdf-labels.ts';
import { commonExtra, expectedValues, type TemplateInvoice } from './template-output.ts';

export interface JspdfTotals {
  /** Distinct rates, highest first. */
  rates: number[];
  discountPercent: number; gross: number; discount: number;
  ht: number; taxes: Array<{ rate: number; basis: number; tax: number }>; tva: number; ttc: number;
}

/** The template's "additionalRows": label, amount, and a third column for the currency. */
export interface TotalRow { col1: string; col2: string; col3: string; style?: { fontSize: number } }

/** How this supplier writes labels and amounts, chosen once per invoice. */
export interface JspdfStyle {
  label(slot: 'gross' | 'discount' | 'ht' | 'tvaRate' | 'tvaTotal' | 'ttc', rate?: number): string;
  /** A total: the currency inline, or nothing when the third column carries it. */
  amount(cents: number): string;
  /** The third column of the totals rows: a symbol, a code or nothing. */
  col3: string;
  /** A price in the table: with or without the currency, drawn afresh for each cell. */
  lineAmount(cents: number): string;
}

export function pickStyle(rng: Rng, inv: Invoice, choices: JspdfLabelChoices): JspdfStyle {
  const colon = rng.chance(0.6) ? ':' : '';
  const label: JspdfStyle['label'] = (slot, rate) => rng.pick(choices[slot]).replace('{r}', rate === undefined ? '' : formatRate(rate, inv.lang)) + colon;
  const money: MoneyStyle = inv.lang === 'en' ? { group: rng.pick([',', ',', '']), decimal: '.' }
    : inv.lang === 'de' ? { group: rng.pick(['.', '.', '']), decimal: ',' } : { group: rng.pick([' ', ' ', '', '.']), decimal: ',' };
  const symbol = { EUR: '€', GBP: '£', USD: '$' }[inv.currency];
  const currencyPlace = rng.weighted<'col3-symbol' | 'col3-code' | 'inline'>([['col3-symbol', 2], ['col3-code', 2], ['inline', 2]]);
  const withSymbol = (text: string) => (inv.currency === 'EUR' ? `${text} €` : `${symbol}${text}`);
  return {
    label,
    amount: (cents) => (currencyPlace === 'inline' ? withSymbol(formatPlainAmount(cents, money)) : formatPlainAmount(cents, money)),
    col3: currencyPlace === 'col3-symbol' ? symbol : currencyPlace === 'col3-code' ? inv.currency : '',
    lineAmount: (cents) => (rng.chance(0.5) ? formatPlainAmount(cents, money) : withSymbol(formatPlainAmount(cents, money))),
  };
}

const netOf = (lines: Line[]) => lines.reduce((sum, l) => sum + l.qty * l.cents, 0);

export function computeTotals(rng: Rng, lines: Line[]): JspdfTotals {
  const rates = [...new Set(lines.map((l) => l.rate))].sort((a, b) => b - a);
  // A discount only with a single rate: spread over several rates it would need a basis per rate.
  const discountPercent = rates.length === 1 && rng.chance(0.2) ? rng.pick([2, 3, 5, 10, 15]) : 0;
  const gross = netOf(lines);
  const discount = Math.round((gross * discountPercent) / 100);
  const ht = gross - discount;
  const taxes = rates.map((rate) => {
    const basis = rates.length === 1 ? ht : netOf(lines.filter((l) => l.rate === rate));
    return { rate, basis, tax: Math.round((basis * Math.round(rate * 100)) / 10000) };
  });
  const tva = taxes.reduce((sum, t) => sum + t.tax, 0);
  return { rates, discountPercent, gross, discount, ht, taxes, tva, ttc: ht + tva };
}

export const isZeroRated = (t: JspdfTotals) => t.rates.length === 1 && t.rates[0] === 0;

/** The rows under the table, and the printed forms of the VAT total (none when only per-rate VAT is shown). */
export function totalRows(rng: Rng, inv: Invoice, style: JspdfStyle, t: JspdfTotals): { rows: TotalRow[]; vatPrinted: string[] } {
  const { label, amount, col3 } = style;
  const rows: TotalRow[] = [];
  const small = { fontSize: rng.pick([10, 11]) };
  if (t.discountPercent) {
    rows.push({ col1: label('gross'), col2: amount(t.gross), col3, style: small });
    rows.push({ col1: label('discount', t.discountPercent), col2: `-${amount(t.discount)}`, col3, style: small });
  }
  rows.push({ col1: label('ht'), col2: amount(t.ht), col3, style: small });
  const vatPrinted: string[] = [];
  if (isZeroRated(t) && inv.lang === 'fr' && rng.chance(0.5)) {
    // Franchise en base: no VAT row at all (the mention is in the notes); TVA is 0.00 and not printed.
  } else if (t.taxes.length === 1) {
    rows.push({ col1: label(rng.chance(0.7) ? 'tvaRate' : 'tvaTotal', t.taxes[0]!.rate), col2: amount(t.tva), col3, style: small });
    vatPrinted.push(amount(t.tva));
  } else {
    for (const tax of t.taxes) rows.push({ col1: label('tvaRate', tax.rate), col2: amount(tax.tax), col3, style: small });
    if (rng.chance(0.5)) { rows.push({ col1: label('tvaTotal'), col2: amount(t.tva), col3, style: small }); vatPrinted.push(amount(t.tva)); }
  }
  rows.push({ col1: label('ttc'), col2: amount(t.ttc), col3, style: { fontSize: rng.pick([12, 13, 14]) } });
  return { rows, vatPrinted };
}

/** `expected_extra` of an invoice whose totals are ours: the VAT per rate, what is due, the discount. */
export function totalsExtra(inv: Invoice, t: JspdfTotals): Record<string, unknown> {
  const vatBreakdown = t.taxes.map((tax) => ({ rate: tax.rate.toFixed(2), basis: centsToDecimal(tax.basis), tax: centsToDecimal(tax.tax) }));
  const discount = t.discountPercent ? { discount: centsToDecimal(t.discount), gross_ht: centsToDecimal(t.gross) } : {};
  return { ...commonExtra(inv), vat_breakdown: vatBreakdown, due_payable: centsToDecimal(t.ttc), ...discount };
}


/** What a template whose totals are ours hands back (jspdf, microinvoice): the truth is what we wrote. */
export function ourTotalsOutput(o: {
  pdf: Buffer; template: string; inv: Invoice; totals: JspdfTotals; style: JspdfStyle; vatPrinted: string[]; dateText: string; printsSiret: boolean; notes: string[];
}): TemplateInvoice {
  const { inv, totals, style } = o;
  return {
    pdf: o.pdf, template: o.template,
    expected: expectedValues(inv, totals, o.printsSiret),
    extra: totalsExtra(inv, totals),
    printed: {
      montant_ht: [style.amount(totals.ht)], montant_tva: o.vatPrinted, montant_ttc: [style.amount(totals.ttc)],
      date_facture: [o.dateText], numero: [inv.number], fournisseur: [inv.seller.name], siret: o.printsSiret ? [inv.siret!] : [],
    },
    notes: o.notes,
  };
}
