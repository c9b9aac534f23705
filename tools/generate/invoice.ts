// One invoice as data: the scenario (credit note, deposit, sole trader, multi-rate, multi-page),
// the parties, the dates, the lines and totals, and the label and format choices it is printed with.
import { computeTotals, makeLines, RATES, type Line, type Totals } from './amounts.ts';
import { addDays, endOfMonth, pickDateStyle, pickMoneyStyle, type CalendarDate, type Currency, type DateStyle, type MoneyStyle } from './formats.ts';
import { makeParty, type Country, type Party } from './parties.ts';
import type { Rng } from './random.ts';
import { VOCABULARIES, type Language, type Vocabulary } from './vocabulary.ts';

export interface Scenario {
  credit: boolean;
  /** Sole trader under VAT franchise (art. 293 B du CGI / § 19 UStG): one 0 % rate, TTC = HT. */
  franchise: boolean;
  deposit: boolean;
  retention: boolean;
  multiRate: boolean;
  multiPage: boolean;
  discountDecoy: boolean;
  /** The buyer's SIRET and VAT number printed in the buyer block. */
  buyerIdentifiers: boolean;
}

export interface InvoiceModel {
  id: string;
  language: Language;
  vocabulary: Vocabulary;
  currency: Currency;
  money: MoneyStyle;
  dateStyle: DateStyle;
  scenario: Scenario;
  seller: Party;
  buyer: Party;
  numero: string;
  issue: CalendarDate;
  due: CalendarDate;
  dueDays: number;
  delivery: CalendarDate | null;
  order: CalendarDate | null;
  period: { from: CalendarDate; to: CalendarDate } | null;
  original: { numero: string; date: CalendarDate } | null;
  depositDate: CalendarDate;
  lines: Line[];
  totals: Totals;
  /** How the seller's registration shows: the 14-digit SIRET, only the SIREN, or nothing (foreign). */
  sellerIdShown: 'siret' | 'siren' | 'none';
  customerNo: string;
  orderNo: string | null;
}

function sellerCountry(language: Language): Country {
  return language === 'de' ? 'DE' : language === 'en' ? 'GB' : 'FR';
}

function makeNumero(rng: Rng, issue: CalendarDate, credit: boolean, language: Language): string {
  const yy = String(issue.year).slice(2);
  const mm = String(issue.month).padStart(2, '0');
  const dd = String(issue.day).padStart(2, '0');
  const seq = rng.int(1, 9999);
  if (credit) return rng.pick([`AV-${issue.year}-${String(seq).padStart(4, '0')}`, `AV${yy}${String(seq).padStart(5, '0')}`, `A${issue.year}${mm}-${seq}`]);
  if (language === 'de') return rng.pick([`RE-${issue.year}-${String(seq).padStart(4, '0')}`, `${issue.year}${String(seq).padStart(5, '0')}`, `R${yy}${mm}${seq}`]);
  if (language === 'en') return rng.pick([`INV-${String(seq).padStart(5, '0')}`, `${String(seq).padStart(6, '0')}`, `INV${yy}${mm}-${seq}`]);
  return rng.weighted([
    [`F${issue.year}-${String(seq).padStart(4, '0')}`, 4], [`FA${yy}${mm}-${String(seq % 1000).padStart(3, '0')}`, 2],
    [`${issue.year}/${mm}/${String(seq).padStart(4, '0')}`, 1], [`FAC-${issue.year}${mm}${dd}-${seq % 100}`, 1],
    [`${String(seq).padStart(6, '0')}`, 1], [`FC${String(rng.int(10000, 99999))}`, 1],
  ] as const);
}

export function makeInvoice(rng: Rng, id: string): InvoiceModel {
  const language = rng.weighted([['fr', 14], ['de', 3], ['en', 3]] as const);
  const vocabulary = VOCABULARIES[language];
  const country = sellerCountry(language);
  const credit = rng.chance(0.1);
  const franchise = !credit && rng.chance(language === 'fr' ? 0.15 : 0.05);
  const scenario: Scenario = {
    credit, franchise,
    deposit: !credit && rng.chance(0.15),
    retention: language === 'fr' && !credit && rng.chance(0.06),
    multiRate: !franchise && rng.chance(0.3),
    multiPage: rng.chance(0.15),
    discountDecoy: language !== 'en' && rng.chance(0.2),
    buyerIdentifiers: rng.chance(0.45),
  };
  const seller = makeParty(rng, country, { franchise });
  const buyer = makeParty(rng, rng.chance(0.85) ? country : rng.pick(['FR', 'DE', 'GB'] as const));
  const currency: Currency = language === 'en' && rng.chance(0.4) ? 'GBP' : 'EUR';
  const issue = { year: rng.int(2022, 2026), month: rng.int(1, 12), day: rng.int(1, 28) };
  const dueDays = rng.pick([0, 15, 30, 30, 45, 60]);
  const due = rng.chance(0.2) ? endOfMonth(addDays(issue, dueDays)) : addDays(issue, dueDays);
  const rates = franchise ? [0] : scenario.multiRate ? rng.shuffle(RATES[country]!).slice(0, rng.int(2, RATES[country]!.length)) : [RATES[country]![0]!];
  const lineCount = scenario.multiPage ? rng.int(26, 48) : rng.weighted([[rng.int(1, 3), 3], [rng.int(4, 8), 3], [rng.int(9, 14), 1]] as const);
  let lines = makeLines(rng, vocabulary, lineCount, rates, credit ? -1 : 1);
  if (scenario.multiRate && new Set(lines.map((l) => l.rateBp)).size < 2 && lines.length > 1) {
    lines = lines.map((l, i) => (i === lines.length - 1 ? { ...l, rateBp: rates[1]!, totalCents: l.totalCents } : l));
  }
  const totals = computeTotals(lines, { depositShare: scenario.deposit ? rng.pick([20, 30, 40, 50]) : 0, retentionRateBp: scenario.retention ? 500 : 0 });
  return {
    id, language, vocabulary, currency, scenario, seller, buyer, issue, due, dueDays, lines, totals,
    money: pickMoneyStyle(rng, language, currency, false),
    dateStyle: pickDateStyle(rng, language),
    numero: makeNumero(rng, issue, credit, language),
    delivery: rng.chance(0.4) ? addDays(issue, -rng.int(1, 20)) : null,
    order: rng.chance(0.25) ? addDays(issue, -rng.int(10, 40)) : null,
    period: rng.chance(0.2) ? { from: { year: issue.year, month: issue.month, day: 1 }, to: endOfMonth(issue) } : null,
    original: credit ? { numero: makeNumero(rng, addDays(issue, -rng.int(5, 90)), false, language), date: addDays(issue, -rng.int(5, 90)) } : null,
    depositDate: addDays(issue, -rng.int(10, 60)),
    sellerIdShown: country !== 'FR' ? 'none' : rng.chance(0.85) ? 'siret' : 'siren',
    customerNo: `${rng.pick(['C', 'CL', 'K', ''])}${rng.digits(rng.int(4, 6))}`,
    orderNo: rng.chance(0.3) ? `${rng.pick(['BC', 'PO', 'CMD'])}-${rng.digits(5)}` : null,
  };
}
