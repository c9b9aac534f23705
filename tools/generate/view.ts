// What gets printed: labels picked once per document, values formatted in its styles, and for each
// printed piece the truth fields it shows (so that visibility per page is recorded, not guessed).
import type { FieldName } from '../../src/domain/invoice-fields.ts';
import { roundDiv } from './amounts.ts';
import { formatDate, formatMoney, formatRate, type CalendarDate } from './formats.ts';
import { spacedIban, spacedSiret } from './identifiers.ts';
import type { InvoiceModel } from './invoice.ts';
import type { Rng } from './random.ts';
import { fill } from './vocabulary.ts';

/** The invoice fields a piece of text shows (the truth's keys are the registry's field names). */
export type Field = FieldName;

export interface Piece { text: string; fields: Field[]; bold?: boolean }
export interface Labelled { label: string; value: string; fields: Field[]; strong?: boolean }
export type ColumnKey = 'ref' | 'desc' | 'qty' | 'unit' | 'unitPrice' | 'vatRate' | 'amount';

export interface InvoiceView {
  model: InvoiceModel;
  title: string;
  money(cents: number, withCurrency?: boolean): string;
  date(date: CalendarDate): string;
  sellerLines: Piece[];
  buyerHeading: string;
  buyerLines: Piece[];
  numero: Labelled;
  issueDate: Labelled;
  /** "Paris, le 5 mars 2025": the letter form of the invoice date. */
  letterDate: Piece;
  /** Decoy dates and references printed beside the number and date. */
  otherMeta: Labelled[];
  notes: Piece[];
  columnLabels: Record<ColumnKey, string>;
  cell(line: InvoiceModel['lines'][number], key: ColumnKey): string;
  totalsRows: Labelled[];
  vatHeadings: [string, string, string];
  vatRows: Array<[string, string, string]>;
  legal: Piece[];
  identityLine: Piece;
  bankLine: string;
  carriedLabel: string;
  broughtLabel(page: number): string;
  pageLabel(n: number, total: number): string;
  currencyNote: Piece | null;
}

export function buildView(rng: Rng, model: InvoiceModel): InvoiceView {
  const v = model.vocabulary;
  const { seller, buyer, totals, scenario } = model;
  const money = (cents: number, withCurrency = true) => formatMoney(cents, model.money, model.currency, withCurrency);
  const date = (d: CalendarDate) => formatDate(d, model.dateStyle, v);
  const rate = (bp: number) => formatRate(bp, model.money.decimal);
  const cur: Field[] = model.money.currency === 'none' ? [] : ['devise'];

  const sellerLines: Piece[] = [];
  if (seller.brand) sellerLines.push({ text: seller.brand, fields: [], bold: true });
  sellerLines.push({ text: seller.soleTrader && rng.chance(0.5) ? `${seller.name} ${rng.pick(['EI', '(EI)', '- Entrepreneur individuel'])}` : seller.name, fields: ['fournisseur'], bold: !seller.brand });
  sellerLines.push({ text: seller.street, fields: [] }, { text: `${seller.postcode} ${seller.city}`, fields: [] });
  if (rng.chance(0.6)) sellerLines.push({ text: `${rng.pick(v.phone)} ${seller.phone}`, fields: [] });
  if (rng.chance(0.5)) sellerLines.push({ text: seller.email, fields: [] });
  const siretText = model.sellerIdShown === 'siret' ? (rng.chance(0.3) ? spacedSiret(seller.siret!) : seller.siret!) : null;
  if (siretText && rng.chance(0.7)) sellerLines.push({ text: `${rng.pick(v.siretLabel)} : ${siretText}`, fields: ['siret'] });
  if (seller.vatId && rng.chance(0.6)) sellerLines.push({ text: `${rng.pick(v.vatIdLabel)} : ${seller.vatId}`, fields: [] });

  const buyerLines: Piece[] = [{ text: buyer.name, fields: [], bold: true }, { text: buyer.street, fields: [] }, { text: `${buyer.postcode} ${buyer.city}`, fields: [] }];
  if (scenario.buyerIdentifiers) {
    if (buyer.siret) buyerLines.push({ text: `${rng.pick(v.siretLabel)} : ${buyer.siret}`, fields: [] });
    if (buyer.vatId) buyerLines.push({ text: `${rng.pick(v.vatIdLabel)} : ${buyer.vatId}`, fields: [] });
  }

  const otherMeta: Labelled[] = [];
  if (rng.chance(0.75)) otherMeta.push({ label: rng.pick(v.dueDate), value: date(model.due), fields: [] });
  if (model.delivery) otherMeta.push({ label: rng.pick(v.delivery), value: date(model.delivery), fields: [] });
  if (model.order) otherMeta.push({ label: rng.pick(v.order), value: date(model.order), fields: [] });
  if (rng.chance(0.5)) otherMeta.push({ label: rng.pick(v.customerNo), value: model.customerNo, fields: [] });
  if (model.orderNo) otherMeta.push({ label: rng.pick(v.orderNo), value: model.orderNo, fields: [] });

  const notes: Piece[] = [];
  if (model.period) notes.push({ text: fill(rng.pick(v.period), { from: date(model.period.from), to: date(model.period.to) }), fields: [] });
  if (model.original) notes.push({ text: fill(rng.pick(v.originalInvoice), { numero: model.original.numero, date: date(model.original.date) }), fields: [] });

  const vatRows = totals.breakdown.map((r): [string, string, string] => [`${rate(r.rateBp)} %`, money(r.basisCents, false), money(r.taxCents, false)]);
  const legal = legalPieces(rng, model, money, date, siretText);

  const city = seller.city;
  const pageTemplate = rng.pick(v.page);
  const broughtTemplate = rng.pick(v.brought);
  return {
    model, money, date, sellerLines, buyerLines, otherMeta, notes, vatRows, legal,
    title: rng.pick(scenario.credit ? v.title.credit : v.title.invoice).replace(/ N°$/, ''),
    buyerHeading: rng.pick(v.buyerHeading),
    numero: { label: rng.pick(scenario.credit ? v.numero.credit : v.numero.invoice), value: model.numero, fields: ['numero'] },
    issueDate: { label: rng.pick(v.issueDate), value: date(model.issue), fields: ['date_facture'] },
    letterDate: { text: fill(rng.pick(v.letterDate), { city, date: date(model.issue) }), fields: ['date_facture'] },
    columnLabels: {
      ref: rng.pick(v.columns.ref), desc: rng.pick(v.columns.desc), qty: rng.pick(v.columns.qty), unit: rng.pick(v.columns.unit),
      unitPrice: rng.pick(v.columns.unitPrice), vatRate: rng.pick(v.columns.vatRate), amount: rng.pick(v.columns.amount),
    },
    cell(line, key) {
      switch (key) {
        case 'ref': return line.reference;
        case 'desc': return line.description;
        case 'qty': return formatRate(line.quantityHundredths, model.money.decimal);
        case 'unit': return line.unit;
        case 'unitPrice': return money(line.unitCents, model.money.currencyInTable);
        case 'vatRate': return `${rate(line.rateBp)} %`;
        case 'amount': return money(line.totalCents, model.money.currencyInTable);
      }
    },
    totalsRows: totalsRows(rng, model, money, rate, cur),
    vatHeadings: [rng.pick(v.vatTable.rate), rng.pick(v.vatTable.basis), rng.pick(v.vatTable.tax)],
    identityLine: identityLine(rng, model, siretText),
    bankLine: `IBAN ${spacedIban(seller.iban)} - BIC ${seller.iban.slice(4, 8).replace(/\d/g, 'X')}${seller.country}PP`,
    carriedLabel: rng.pick(v.carried),
    broughtLabel: (page) => fill(broughtTemplate, { n: String(page) }),
    pageLabel: (n, total) => fill(pageTemplate, { n: String(n), total: String(total) }),
    currencyNote: model.money.currency === 'none'
      ? { text: model.language === 'fr' ? rng.pick(['Montants exprimés en euros', 'Devise : EUR', 'Tous les montants sont en euros (EUR)']) : model.language === 'de' ? 'Alle Beträge in EUR' : `All amounts in ${model.currency}`, fields: ['devise'] }
      : null,
  };
}

function totalsRows(rng: Rng, model: InvoiceModel, money: (c: number) => string, rate: (bp: number) => string, cur: Field[]): Labelled[] {
  const v = model.vocabulary;
  const { totals, scenario } = model;
  const rows: Labelled[] = [{ label: rng.pick(v.ht), value: money(totals.htCents), fields: ['montant_ht', ...cur] }];
  if (scenario.franchise) {
    if (rng.chance(0.5)) rows.push({ label: rng.pick(v.tvaTotal), value: money(0), fields: ['montant_tva'] });
  } else if (totals.breakdown.length > 1) {
    for (const r of totals.breakdown) rows.push({ label: fill(rng.pick(v.tvaRate), { rate: rate(r.rateBp) }), value: money(r.taxCents), fields: [] });
    if (rng.chance(0.75)) rows.push({ label: rng.pick(v.tvaTotal), value: money(totals.tvaCents), fields: ['montant_tva'] });
  } else {
    const label = rng.chance(0.6) ? fill(rng.pick(v.tvaRate), { rate: rate(totals.breakdown[0]!.rateBp) }) : rng.pick(v.tvaTotal);
    rows.push({ label, value: money(totals.tvaCents), fields: ['montant_tva'] });
  }
  const deducted = totals.depositCents > 0 || totals.retentionCents > 0;
  const ttcLabel = !deducted && !scenario.credit && rng.chance(0.3) ? rng.pick(v.netToPay) : rng.pick(v.ttc);
  rows.push({ label: ttcLabel, value: money(totals.ttcCents), fields: ['montant_ttc', ...cur], strong: !deducted });
  if (totals.retentionCents > 0) rows.push({ label: fill(rng.pick(v.retention), { rate: rate(totals.retentionRateBp) }), value: money(-totals.retentionCents), fields: [] });
  if (totals.depositCents > 0) rows.push({ label: fill(rng.pick(v.deposit), { date: formatDate(model.depositDate, model.dateStyle, v) }), value: money(-totals.depositCents), fields: [] });
  if (deducted) rows.push({ label: rng.pick(v.netToPay), value: money(totals.dueCents), fields: [], strong: true });
  return rows;
}

function legalPieces(rng: Rng, model: InvoiceModel, money: (c: number) => string, date: (d: CalendarDate) => string, siretText: string | null): Piece[] {
  const v = model.vocabulary;
  const { scenario, totals } = model;
  const out: Piece[] = [];
  if (scenario.franchise) out.push({ text: rng.pick(v.vatFranchise), fields: [] });
  if (rng.chance(0.6)) out.push({ text: fill(rng.pick(v.dueSentence), { days: String(model.dueDays || 30), date: date(model.due) }), fields: [] });
  if (scenario.discountDecoy) {
    const rateBp = rng.pick([100, 150, 200, 300]);
    out.push({ text: fill(rng.pick(v.discount), { rate: formatRate(rateBp, model.money.decimal), amount: money(roundDiv(totals.ttcCents * rateBp, 10000)) }), fields: [] });
  } else if (rng.chance(0.5)) out.push({ text: rng.pick(v.noDiscount), fields: [] });
  if (model.language === 'fr' ? rng.chance(0.85) : rng.chance(0.3)) out.push({ text: fill(rng.pick(v.recoveryFee), { amount: money(4000) }), fields: [] });
  if (rng.chance(0.5)) out.push({ text: rng.pick(v.penalties), fields: [] });
  if (rng.chance(0.2)) out.push({ text: rng.pick(v.reservation), fields: [] });
  if (rng.chance(0.4)) out.push({ text: rng.pick(v.thanks), fields: [] });
  if (siretText && rng.chance(0.2)) out.push({ text: `${rng.pick(v.siretLabel)} ${siretText}`, fields: ['siret'] });
  return out;
}

function identityLine(rng: Rng, model: InvoiceModel, siretText: string | null): Piece {
  const v = model.vocabulary;
  const s = model.seller;
  const parts = [s.name];
  const fields: Field[] = ['fournisseur'];
  if (s.capital && s.legalForm) parts.push(fill(rng.pick(v.capital), { form: s.legalForm, amount: formatMoney(Number(s.capital) * 100, model.money, 'EUR') }));
  if (s.siren && model.sellerIdShown === 'siren') parts.push(`${fill(rng.pick(v.sirenLabel), { city: s.city })} ${s.siren.replace(/(\d{3})(?=\d)/g, '$1 ')}`);
  if (siretText) { parts.push(`${rng.pick(v.siretLabel)} ${siretText}`); fields.push('siret'); }
  if (s.vatId) parts.push(`${rng.pick(v.vatIdLabel)} ${s.vatId}`);
  if (model.language === 'de') parts.push(`Amtsgericht ${s.city} HRB ${rng.int(10000, 99999)}`);
  return { text: parts.join(' - '), fields };
}
