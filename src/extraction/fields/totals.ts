// Finds HT, TVA and TTC: labelled candidates first, then the combination that adds up wins.
import { negated, type Cents } from '../../domain/money.ts';
import type { AmountProof } from '../types.ts';
import { vatShareIsPlausible } from '../../domain/invoice-checks.ts';
import { COLUMN_GAP, spanConf, spanRuns, type Line } from '../layout/lines.ts';
import { leadingGroupApart } from '../layout/group-apart.ts';
import { centsCut, findAmounts, type AmountMatch } from './amount-parser.ts';
import { amountsPaid, cashDrawn, cashTendered, MAX_ROUNDING, onCashStep, paidOtherwise, paidTotal, paymentProves, roundedTotal, roundedTotalBelow, roundingAdjustment, roundingLine, roundingsAbove, type Rounding } from './cash-payment.ts';
import { findLabels, type ColumnCell } from './labelled-values.ts';
import { AFTER_DISCOUNT, AMOUNT_DECOYS, AMOUNT_LABELS, DEPOSIT_ASKED, DEPOSIT_PAID, DISCOUNT, SERVICE_CHARGE, VAT_ABSENT, ZERO_VAT_EVIDENCE, type AmountRole } from './labels.ts';
import { fold } from './text-normalise.ts';
import { guessFromRate, printedVatRates, totalWithLostDigits } from './amount-guesses.ts';
import { isRateOf, PRINTED_RATE, rateRows } from './vat-rate-rows.ts';

interface Candidate {
  role: AmountRole;
  cents: Cents;
  score: number;
  lineIndex: number;
  /** Which label of its line it belongs to: a row of headings ("USt. 19% | USt. 7%") holds several. */
  labelAt: number;
  /** The VAT rate its label names ("TVA 5,5 %"), if any. */
  rate: string | null;
  /** A repaired reading (see readings()): reported, trusted to validate only as `lostDecimals` allows. */
  repaired?: boolean;
  /** The repair put back a decimal point OCR lost ("172426 €" for 1 724,26): its digits are as printed. */
  lostDecimals?: boolean;
  /** Read in a column of values under a heading, not beside its own label. */
  inColumn?: boolean;
  /** In such a column, where the value stands (see sameCell). */
  valueAt?: ValueAt;
  /** In such a column, how many other values stand below this one (see otherRowsBelow). */
  rowsBelow?: number;
  /** In such a column, a row above the last, which is the sum of the rows above it (see sumRowBelow). */
  partOfSum?: boolean;
  /** OCR read the amount's own words so unsurely that it may be other digits (see DOUBTFUL_WORDS). */
  doubtful?: boolean;
  /** Its label is a "net total" (see netTotalsAsTotals), as a net or as the total it may be. */
  netTotal?: boolean;
  /** OCR cut its cents short ("RM79.2" for 79.25, amount-parser.ts): a looser guess than a whole reading. */
  cutCents?: boolean;
}

export interface Totals {
  ht: Cents | null;
  tva: Cents | null;
  ttc: Cents | null;
  due: Cents | null;
  confidence: { ht: number; tva: number; ttc: number };
  currencies: string[];
  /**
   * Totals of other readings that add up as soundly as the chosen one (every amount read as printed,
   * a plausible VAT): two sets that both prove themselves leave the page ambiguous.
   */
  rivalTotals: Cents[];
  proof: AmountProof;
  /** The cash rounding printed between the sum that adds up and the total reported (see CheckedInvoice). */
  cashRounding: Cents | null;
}

function candidates(lines: Line[]): { list: Candidate[]; currencies: string[] } {
  const list: Candidate[] = [];
  const currencies: string[] = [];
  const lastPage = lines.at(-1)?.page ?? 1;
  const hits = findLabels(lines, AMOUNT_LABELS);
  const labelled = new Set(hits.map((h) => h.lineIndex));
  for (const hit of hits) {
    const line = lines[hit.lineIndex]!;
    let amounts = findAmounts(ownCells(hit.after));
    // A decoy word ("acompte", "escompte") disqualifies the label only when it qualifies this value:
    // in the label itself, or between the label and its amount; not elsewhere on a row of headings.
    // A discount named as taken already ("Total TTC après remise") qualifies the total, not a decoy.
    const qualifier = amounts.length ? hit.after.slice(0, amounts[0]!.index) : '';
    const named = `${hit.label} ${fold(qualifier)}`;
    if (AMOUNT_DECOYS.test(named) && !AFTER_DISCOUNT.test(named)) continue;
    // A line that says its VAT word is no VAT ("Débours non soumis à TVA 4,50", "Exam fee (VAT exempt)")
    // is no part of the VAT; not "VAT @ 20% (books zero-rated)", whose rate is charged.
    if (hit.role === 'tva' && deniesVat(fold(line.text), hit.afterIndex - hit.label.length, hit.afterIndex)) continue;
    const pageBias = line.page === lastPage ? 0 : -0.2;
    const at = { lineIndex: hit.lineIndex, labelAt: hit.afterIndex, rate: rateOf(hit.label, hit.after, fold(line.text).slice(0, hit.afterIndex - hit.label.length)) };
    const bare = line.conf < 1 && !amounts.length ? droppedDecimals(ownCells(hit.after)) : null;
    if (bare !== null) {
      list.push({ role: hit.role, cents: bare, score: hit.weight * line.conf + pageBias - REPAIR_PENALTY, ...at, repaired: true, lostDecimals: true });
      continue;
    }
    if (!amounts.length) {
      // A row of headings over a column of values: every row is a candidate, the bottom one first,
      // since a table that lists one row per VAT rate ends with the row that sums them.
      const rows = columnValues(hit.belowCells());
      rows.forEach((a, k) => {
        const doubtful = Boolean(a.headless) || groupApartInColumn(lines, a);
        for (const r of readings(a, line.conf)) list.push({ role: hit.role, cents: r.cents, score: hit.weight * line.conf - 0.1 - 0.03 * (rows.length - 1 - k) + pageBias - r.penalty, ...at, repaired: r.repaired, lostDecimals: r.repaired, inColumn: true, valueAt: a.valueAt, rowsBelow: otherRowsBelow(rows, k), partOfSum: sumRowBelow(rows, k), doubtful });
      });
      // A column's whole numbers are no money (a date read "20-0€" under a heading): as elsewhere, only amounts with cents.
      for (const a of rows) if (a.currency && a.hasCents) currencies.push(a.currency);
      // OCR that drops a cell from the row of values, or headings left-aligned over amounts
      // right-aligned in their boxes, puts values in a neighbour's column. Every amount of the row
      // just below is then also a candidate, too weak to validate alone: only an equation that adds
      // up (HT + TVA = TTC) among them can pick it.
      for (const a of rowBelow(lines, hit.lineIndex, labelled)) list.push({ role: hit.role, cents: a.cents, score: hit.weight * line.conf - ANY_CELL_PENALTY + pageBias, ...at, repaired: true });
      continue;
    }
    // The last amount after a label is the total ("TVA 20 % 100,00 20,00": base, then tax).
    const pick = amounts.at(-1)!;
    if (pick.currency) currencies.push(pick.currency);
    const [from, to] = [hit.afterIndex + pick.index, hit.afterIndex + pick.end];
    const doubtful = spanConf(line, from, to) < DOUBTFUL_WORDS || Boolean(pick.headless) || spanRuns(line, from, to).some((r) => r.unreadInkBefore || r.unreadCents)
      || leadingGroupApart(lines, hit.lineIndex, from + Math.max(0, pick.raw.search(/\d/)));
    const netTotal = hit.role === 'ht' && NET_TOTAL.test(fold(hit.label));
    const cutCents = line.conf < 1 && centsCut(hit.after, pick);
    // Totals sit at the end: on multi-page invoices, earlier pages' "totals" are carried forward.
    for (const r of readings(pick, line.conf)) {
      list.push({ role: hit.role, cents: r.cents, score: hit.weight * line.conf + pageBias - r.penalty - (cutCents ? LOOSE_GUESS : 0), ...at, repaired: r.repaired, lostDecimals: r.repaired, doubtful, netTotal, cutCents });
    }
  }
  list.push(...rateRowReadings(lines, list, lastPage));
  list.push(...withServiceCharge(lines, list));
  list.push(...netTotalsAsTotals(list, lines));
  list.push(...vatBetweenTotals(lines, list, labelled));
  list.push(...lostSigns(list, lines));
  // Elsewhere, only money printed with its cents: OCR reads a symbol glued to a digit out of a
  // product code or a smudge ("PEN 1€ML", "£4") on a receipt in ringgit.
  for (const line of lines) for (const a of findAmounts(line.text)) if (a.currency && a.hasCents) currencies.push(a.currency);
  return { list, currencies };
}

/**
 * A VAT summary's rows that prove themselves (vat-rate-rows.ts): each a basis and its tax, as sure
 * as a label that usually names them, and with two rates or more, the sum of their bases as the net
 * (their taxes are summed with the other VAT lines, vatSums). A row whose tax the page already reads
 * as a VAT, on its line ("TVA 20 % 100,00 20,00") or beside a label of its own ("TVA à 20 % 25,76 €"
 * under the summary), adds only its basis: each rate's VAT is counted once in the sums.
 */
function rateRowReadings(lines: Line[], list: Candidate[], lastPage: number): Candidate[] {
  const rows = rateRows(lines);
  const out: Candidate[] = [];
  const score = (lineIndex: number) => RATE_ROW_WEIGHT * lines[lineIndex]!.conf + (lines[lineIndex]!.page === lastPage ? 0 : -0.2);
  for (const row of rows) {
    const at = { lineIndex: row.lineIndex, labelAt: 0, rate: row.rate, score: score(row.lineIndex) };
    out.push({ role: 'ht', cents: row.basis, ...at });
    if (!list.some((c) => c.role === 'tva' && (c.lineIndex === row.lineIndex || (c.cents === row.tax && !c.inColumn && !c.repaired)))) out.push({ role: 'tva', cents: row.tax, ...at });
  }
  const rates = new Set(rows.map((r) => r.rate));
  if (rows.length >= 2 && rows.length <= MAX_VAT_RATES && rates.size === rows.length) {
    const last = rows.at(-1)!.lineIndex;
    out.push({ role: 'ht', cents: rows.reduce((sum, r) => sum + r.basis, 0), lineIndex: last, labelAt: 0, rate: null, score: Math.min(...rows.map((r) => score(r.lineIndex))) - 0.05 });
  }
  return out;
}
/**
 * Two totals on either side of a rounding line, the one below the one above plus that rounding (either
 * sign when OCR left it unsure): one total, before and after its rounding.
 */
function roundedPair(a: Candidate, b: Candidate, rounding: Rounding | null): boolean {
  if (!rounding || rounding.cents === 0) return false;
  const [above, below] = a.lineIndex < b.lineIndex ? [a, b] : [b, a];
  if (above.lineIndex >= rounding.lineIndex || below.lineIndex <= rounding.lineIndex) return false;
  const step = below.cents - above.cents;
  return step === rounding.cents || (rounding.signUnsure && step === -rounding.cents);
}

/** How far below its net a service charge is printed, in lines. */
const SERVICE_CHARGE_LINES = 2;

/**
 * A service charge printed just below a net ("SUBTOTAL 64.90", "SVC CHG 10% 6.49", then "GST 6%
 * 4.28"): the tax is charged on both, so the net plus the charge is a net too, a little less sure
 * than the net itself. Only a charge that is its printed rate of that net, to the cent.
 */
function withServiceCharge(lines: Line[], list: Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  for (const h of list.filter((c) => c.role === 'ht' && !c.repaired && !c.inColumn)) {
    for (let i = h.lineIndex + 1; i <= h.lineIndex + SERVICE_CHARGE_LINES && i < lines.length; i++) {
      const text = fold(lines[i]!.text);
      const rate = Number(PRINTED_RATE.exec(text)?.[1]?.replace(',', '.'));
      const charge = findAmounts(lines[i]!.text).at(-1);
      if (!SERVICE_CHARGE.test(text) || !rate || !charge?.hasCents || !isRateOf(charge.cents, h.cents, rate)) continue;
      out.push({ role: 'ht', cents: h.cents + charge.cents, score: h.score - 0.05, lineIndex: i, labelAt: 0, rate: null });
    }
  }
  return out;
}

/** A self-proving rate row's basis and tax weigh as a label that usually names them (labels.ts's USUAL_AMOUNT). */
const RATE_ROW_WEIGHT = 0.9;

const NET_TOTAL = /\bnett?\s+total\b/;
/** Less sure than the net it is read as first: only an equation that adds up can make it the total. */
const NET_TOTAL_AS_TOTAL_PENALTY = 0.1;

/** How many lines above a "net total" the tax it follows may be (a service charge, a discount between). */
const NET_TOTAL_TAX_LINES = 3;

/**
 * "Net total" is an invoice's net, printed above its VAT; a till receipt prints it just below the
 * tax as the amount paid ("Sub-Total 27.17 / Total GST 1.63 / NET TOTAL 28.80"). Printed a few lines
 * below a VAT amount read beside its own label (not a "Tax" column's heading over the items), it is
 * a candidate total too, and the equation decides which it is. On a page that prints no tax and no
 * other total at all (a receipt that charges none: "SUBTOTAL / Discount / NET TOTAL / DEBIT CARD"),
 * it is the amount paid; a guess then, since the net and the total are one reading of one amount.
 */
function netTotalsAsTotals(list: Candidate[], lines: Line[]): Candidate[] {
  const vatLines = list.filter((c) => c.role === 'tva' && !c.repaired && !c.inColumn).map((c) => c.lineIndex);
  const justBelowTax = (c: Candidate) => vatLines.some((i) => i < c.lineIndex && c.lineIndex - i <= NET_TOTAL_TAX_LINES && lines[i]!.page === lines[c.lineIndex]!.page);
  const alone = !list.some((c) => c.role === 'tva' || c.role === 'ttc' || c.role === 'due');
  return list.filter((c) => c.netTotal && (justBelowTax(c) || alone))
    .map((c) => ({ ...c, role: 'ttc' as const, score: c.score - NET_TOTAL_AS_TOTAL_PENALTY, repaired: c.repaired || !justBelowTax(c) }));
}

/**
 * OCR that drops a VAT line's label ("VAT 20 %") leaves its amount alone on its line, between the net
 * and the total: that amount, read as printed, is the VAT, weaker than a labelled one. It is still a
 * third reading of the page, so the equation (net + it = total) proves the three as well.
 */
function vatBetweenTotals(lines: Line[], list: Candidate[], labelled: Set<number>): Candidate[] {
  const out: Candidate[] = [];
  const beside = (role: AmountRole) => list.filter((c) => c.role === role && !c.repaired && !c.inColumn);
  const totalLines = new Set(beside('ttc').map((t) => t.lineIndex));
  for (const h of beside('ht')) {
    const i = h.lineIndex + 1;
    const line = lines[i];
    if (!line || labelled.has(i) || !totalLines.has(i + 1)) continue;
    if (line.page !== lines[h.lineIndex]!.page || /\p{L}{2,}/u.test(line.text.replace(/\b(EUR|USD|GBP|CHF)\b/gi, ''))) continue;
    for (const a of findAmounts(line.text)) {
      out.push({ role: 'tva', cents: a.cents, score: h.score - ANY_CELL_PENALTY, lineIndex: i, labelAt: 0, rate: null });
    }
  }
  return out;
}

/**
 * OCR loses a credit note's minus: "-2 976,00" read "~2 976,00", or "(1 441,00 €)" with its bracket
 * glued to the label ("comprisesq1 441,00 €)"). When the totals read as printed disagree in sign, each
 * also has the other sign, as a repair: the equation picks the fewest flips, and never validates them
 * (a flipped VAT is no `lostDecimals` repair).
 */
function lostSigns(list: Candidate[], lines: Line[]): Candidate[] {
  const read = list.filter((c) => !c.repaired && c.cents !== 0 && c.role !== 'due' && lines[c.lineIndex]!.conf < 1);
  if (!read.some((c) => c.cents < 0) || !read.some((c) => c.cents > 0)) return [];
  return read.map((c) => ({ ...c, cents: -c.cents, score: c.score - SIGN_REPAIR_PENALTY, repaired: true }));
}
/** More than a repair of digits, so that a solution with one flip always outranks one with two. */
const SIGN_REPAIR_PENALTY = 0.3;

/**
 * A total whose leading digits OCR lost ("Total toutes taxes comprisek 6.522,51 EUR" for 16 522,51,
 * its "1" read as a letter of the label): its digits end the sum of a net and a VAT that prove each
 * other at a printed rate (the VAT is that rate of the net, to the cent, in a VAT summary's row or
 * beside a label naming the rate), both read as printed. That sum is then the total, and the
 * equation it closes proves it: the rate checks the net and the VAT, the total's digits their sum.
 * A net whose leading digit OCR misread fails the rate; a total with too few digits left could end
 * the sum by chance.
 */
function totalsWithLeadingDigitsLost(list: Candidate[], lines: Line[]): Candidate[] {
  const rows = rateRows(lines);
  // One rate: on a multi-rate invoice one rate's row sums to a part of the total, not to the total.
  const rates = new Set([...rows.map((r) => Number(r.rate)), ...list.flatMap((c) => (c.rate === null ? [] : [Number(c.rate)])), ...printedVatRates(lines)]);
  if (rates.size > 1) return [];
  const nets = list.filter((c) => c.role === 'ht' && sure(c));
  // The net is the invoice's: no larger one read as printed.
  const largest = Math.max(0, ...nets.map((c) => c.cents));
  const rated = (h: Candidate, v: Candidate) => rows.some((r) => r.basis === h.cents && r.tax === v.cents)
    || (v.rate !== null && isRateOf(v.cents, h.cents, Number(v.rate)));
  const sums = new Set<Cents>();
  for (const h of nets.filter((c) => c.cents === largest)) {
    for (const v of list.filter((c) => c.role === 'tva' && sure(c))) if (rated(h, v)) sums.add(h.cents + v.cents);
  }
  const out: Candidate[] = [];
  for (const t of list.filter((c) => c.role === 'ttc' && sure(c) && significantDigits(c.cents) >= MIN_DIGITS_LEFT_OF_TOTAL)) {
    for (const sum of sums) {
      if (sum > t.cents && String(sum).endsWith(String(t.cents))) out.push({ ...t, cents: sum, score: t.score - LEADING_DIGITS_PENALTY });
    }
  }
  return out;
}
/**
 * A total that includes its tax at a printed rate, with no net read ("SUBTOTAL 28.70", "CASH 100.00",
 * "CHANGE 71.30", "INC 6% GST 1.62"): the net is the total less the tax, when the tax is exactly that
 * rate of it, or that rate's share of the total as a till computes it. Even exact, a small rate's tax
 * is the same for totals a few cents apart (6 % of 395.00 to 395.08 rounds to 23.70): so the total's
 * digits must also be read twice, on a second line or as what the payment proves (tendered less
 * change). A till's "subtotal" is such a total where the page says the tax is included in it. Not on
 * a page with a cash rounding, which would be taken into the net.
 */
function netsOfTaxIncluded(list: Candidate[], lines: Line[]): Candidate[] {
  if (roundingLine(lines) !== null) return [];
  const pageRates = printedVatRates(lines);
  const included = lines.some((l) => TAX_INCLUDED.test(fold(l.text)));
  // Beside its own label, so that the second reading is of another line's print.
  const totals = list.filter((c) => sure(c) && !c.inColumn && (c.role === 'ttc' || (c.role === 'ht' && included)));
  // Its digits read twice: a repair or a cell of the row below reads them as well as a label's line.
  const readTwice = (t: Candidate) => list.some((o) => o.role !== 'tva' && o.cents === t.cents && o.lineIndex !== t.lineIndex) || paymentProves(t.cents, lines, null);
  const out: Candidate[] = [];
  const asTotals = new Set<Candidate>();
  for (const v of list.filter((c) => c.role === 'tva' && sure(c))) {
    const rate = v.rate !== null ? Number(v.rate) : pageRates.length === 1 ? pageRates[0]! : null;
    if (rate === null) continue;
    for (const t of totals.filter((c) => c.cents > v.cents && readTwice(c))) {
      const net = t.cents - v.cents;
      if (Math.round((net * rate) / 100) !== v.cents && Math.round((t.cents * rate) / (100 + rate)) !== v.cents) continue;
      out.push({ role: 'ht', cents: net, lineIndex: v.lineIndex, labelAt: v.labelAt, rate: String(rate), score: Math.min(t.score, v.score) - TAX_INCLUDED_PENALTY });
      if (t.role !== 'ttc' && !asTotals.has(t)) out.push({ ...t, role: 'ttc' });
      asTotals.add(t);
    }
  }
  return out;
}
/** A net no line prints: below any net read as printed. */
const TAX_INCLUDED_PENALTY = 0.1;
/**
 * Five digits at least before its trailing noughts ("234,56" of 1 234,56): fewer would end a sum by
 * chance too often, a round "200,00" any sum ending in 200,00.
 */
const MIN_DIGITS_LEFT_OF_TOTAL = 5;
const significantDigits = (cents: Cents) => String(Math.abs(cents)).replace(/0+$/, '').length;
/** Read as printed: not repaired, not doubtful, its cents not cut short, above nothing. */
const sure = (c: Candidate) => !c.repaired && !c.doubtful && !c.cutCents && c.cents > 0;
/** Below the total as read, by less than OUTRANKED_BY: the reading it completes does not outrank it. */
const LEADING_DIGITS_PENALTY = 0.1;

/** The first run of amounts in a column: a cell of words after them ends the table's values. */
function columnValues(cells: ColumnCell[]): Array<AmountMatch & { valueAt: ValueAt }> {
  const values: Array<AmountMatch & { valueAt: ValueAt }> = [];
  for (const cell of cells) {
    const amount = findAmounts(cell.text)[0];
    if (amount) values.push({ ...amount, valueAt: { lineIndex: cell.lineIndex, end: cell.end } });
    else if (values.length) break;
  }
  return values;
}

/** A value read down a column whose leading digit group stands apart from it (see leadingGroupApart). */
function groupApartInColumn(lines: Line[], a: AmountMatch & { valueAt: ValueAt }): boolean {
  const digits = a.raw.slice(Math.max(0, a.raw.search(/\d/))).trim();
  const at = lines[a.valueAt.lineIndex]!.text.indexOf(digits);
  return at >= 0 && leadingGroupApart(lines, a.valueAt.lineIndex, at);
}

/** Where a value read down a column stands: its line, and the x its cell ends at (an amount ends its cell). */
interface ValueAt { lineIndex: number; end: number }

/** Two values read down two columns are one printed cell: the same line, the same end (within a character's height). */
const sameCell = (a: Candidate, b: Candidate, lines: Line[]) => a.valueAt !== undefined && b.valueAt !== undefined
  && a.valueAt.lineIndex === b.valueAt.lineIndex && Math.abs(a.valueAt.end - b.valueAt.end) < lines[a.valueAt.lineIndex]!.h;

const ANY_CELL_PENALTY = 0.4;
/** The VAT read as zero only because none is printed: a weak reading for review. */
const NO_VAT_PRINTED = 0.3;

/** The amounts of the row of values right under a row of headings: close below, with no label of its own. */
function rowBelow(lines: Line[], lineIndex: number, labelled: Set<number>): AmountMatch[] {
  const line = lines[lineIndex]!;
  const next = lines[lineIndex + 1];
  if (!next || labelled.has(lineIndex + 1) || next.page !== line.page || next.y - line.y > line.h * 4) return [];
  // "Cash", "Change", "Acompte": a line of its own, not the row of values under the headings.
  if (AMOUNT_DECOYS.test(fold(next.text))) return [];
  return findAmounts(next.text);
}

/**
 * The ways to read an amount. OCR drops decimal commas ("1 234,56 €" read "123456 €"): a whole
 * number on an OCR line may also be its hundredth, a weaker reading that only an equation that
 * adds up (HT + TVA = TTC) can promote. A text layer (confidence 1) is taken as printed.
 */
function readings(a: AmountMatch, lineConf: number): Array<{ cents: Cents; penalty: number; repaired: boolean }> {
  const asPrinted = { cents: a.cents, penalty: 0, repaired: false };
  const whole = !/[.,]\d{1,2}\s*\D*$/.test(a.raw.trim()) && Math.abs(a.cents) >= 10000;
  return lineConf < 1 && whole ? [asPrinted, { cents: Math.round(a.cents / 100), penalty: REPAIR_PENALTY, repaired: true }] : [asPrinted];
}
const REPAIR_PENALTY = 0.2;
/**
 * Below this OCR confidence an amount's own words may be other digits, however sure the rest of its
 * line. A misread can keep the equation when the net and the total are misread alike: "€30,200.00"
 * and "€36,240.00" read "60,200.00" (confidence 0) and "66,240.00", whose difference is still the
 * VAT. So a doubtful net or total proves nothing. A doubtful VAT alone is checked by the other two:
 * only its right value makes them add up. An amount with unread ink just before it (a digit group
 * that OCR dropped, ocr/unread-ink.ts) is doubtful too, however surely its own words were read, and
 * so is one that opens with a separator ("€,632.65": its first digit merged into the euro sign), or
 * one whose leading digit group stands apart on another line (layout/group-apart.ts).
 */
const DOUBTFUL_WORDS = 0.3;

/** A second consistent reading scoring within this of the best makes the page ambiguous. */
const RIVAL_MARGIN = 0.2;
/** A guessed total under this share of its net is no total of it. */
const BELOW_NET = 0.5;
/** The most an amount of a weak proof is trusted: under the bar to validate (checks/decision.ts). */
export const WEAK_PROOF_CONFIDENCE = 0.7;
/** A total whose label outscores the proven total's by this much speaks against the proof. */
const OUTRANKED_BY = 0.3;

/**
 * A bare whole number where a label's amount belongs on an OCR line ("Total incl. GST: 1250"), or
 * its cents apart after a space ("Total   30 45"): the amount whose decimal point OCR lost or read
 * as a space; or glued to its currency with a leading nought ("GST $048"), which no whole amount
 * has. Without a currency it is no amount as printed.
 */
function droppedDecimals(after: string): Cents | null {
  const m = /(?:^|[\s:$€£]|RM)(\d{3,7})\s*$/.exec(after) ?? /(?:^|[\s:])(\d{1,5}) (\d{2})\s*$/.exec(after);
  return m ? Number(m.slice(1).join('')) : null;
}

/**
 * The part of a label's line that belongs to it: cells up to the first amount, and any amount-only
 * cells after it ("TVA 20 % | 100,00 | 20,00"), stopping at a cell of words: the next column's label.
 */
function ownCells(after: string): string {
  const kept: string[] = [];
  let seenAmount = false;
  for (const cell of after.split(COLUMN_GAP)) {
    const words = cell.replace(/\b(EUR|USD|GBP|CHF|MYR|RM|TTC|HT)\b/gi, '');
    if (seenAmount && /\p{L}{3,}/u.test(words)) break;
    kept.push(cell);
    if (findAmounts(cell).length) seenAmount = true;
  }
  return kept.join(COLUMN_GAP);
}

const best = (list: Candidate[]) => list.reduce<Candidate | null>((b, c) => (!b || c.score > b.score || (c.score === b.score && c.lineIndex > b.lineIndex) ? c : b), null);

/** Distinct TVA amounts whose sum may be the total VAT of a multi-rate invoice. */
type VatReading = {
  cents: Cents; score: number; repaired?: boolean; lostDecimals?: boolean; unprinted?: boolean; rowsBelow?: number;
  /** A sum of VAT lines: the net their rates say they were charged on, with the rounding it may carry, and the tax of lines without a rate (see impliedNet). */
  impliedNet?: { cents: number; slack: number; unrated: number };
};

/** A VAT rate above zero printed anywhere ("TVA 20 %", "MwSt. 19%"): the invoice charges VAT. */
const NONZERO_VAT_RATE = /\b(tva|vat|mws?st|ust|gst|sst|btw|tax)\b[^0-9%\n]{0,25}(0*[1-9]\d?([.,]\d+)?|0[.,]\d*[1-9]\d*)\s*%/;

/**
 * No VAT amount printed, and a net and a total, each read as printed under its own label on its own
 * line, are equal: the two readings prove that no VAT is due, as an equation does. Not when the
 * total is only the amount due (a deposit may have been paid), when a stronger total says otherwise
 * (a "Total" before VAT under a "Total TTC" whose VAT line went unread), or when a rate is printed.
 */
function netEqualsTotal(h: Candidate, t: Candidate, ttc: Candidate[], ratePrinted: boolean): boolean {
  // A net read down a column ("Montant HT" over the items) may be the total itself, printed in the
  // column under lines whose labels OCR garbled: only a net beside its own label says it is the net.
  if (h.repaired || t.repaired || h.inColumn || t.role !== 'ttc' || h.lineIndex === t.lineIndex || h.cents !== t.cents) return false;
  if (ttc.some((c) => c.cents !== t.cents && c.score > t.score - RIVAL_MARGIN)) return false;
  return !ratePrinted;
}

function vatSums(tva: Candidate[]): VatReading[] {
  const labelOf = (c: Candidate) => `${c.lineIndex}:${c.labelAt}`;
  // Each label's best reading: as printed before a repair, its own row before any cell of the next.
  const byLabel = new Map<string, Candidate>();
  for (const c of tva) if (!byLabel.has(labelOf(c)) || c.score > byLabel.get(labelOf(c))!.score) byLabel.set(labelOf(c), c);
  const distinct = [...byLabel.values()];
  const out: VatReading[] = tva.map((c) => ({ cents: c.cents, score: c.score, repaired: c.repaired, lostDecimals: c.lostDecimals, rowsBelow: c.rowsBelow }));
  const sumOf = (parts: Candidate[]): VatReading => ({
    cents: parts.reduce((s, c) => s + c.cents, 0), score: Math.min(...parts.map((c) => c.score)) - 0.05,
    repaired: parts.some((c) => c.repaired), lostDecimals: parts.every((c) => !c.repaired || c.lostDecimals),
    impliedNet: impliedNet(parts),
  });
  const breakdown = (parts: Candidate[]) => parts.length >= 2 && parts.length <= MAX_VAT_RATES && !totalAmongRates(parts);
  if (breakdown(distinct)) out.push(sumOf(distinct));
  // A block of VAT lines one under the other is one set of totals' rates ("19 % USt 3.800,00", "7 % USt
  // 35,00"), where another block on the page (a delivery's subtotal, "USt. 19 % 2.280,00") would make
  // the sum of every line no total's VAT.
  for (const block of adjacentBlocks(distinct)) if (breakdown(block) && block.length < distinct.length) out.push(sumOf(block));
  // A VAT heading elsewhere on the page (a "Code TVA" column over the bases) adds a line that is no
  // rate's tax: the lines that name their rate, one line per rate, are the parts of the total.
  const rated = distinct.filter((c) => c.rate !== null);
  const rates = new Set(rated.map((c) => c.rate));
  if (rated.length < distinct.length && rated.length >= 2 && rated.length <= MAX_VAT_RATES && rates.size === rated.length) out.push(sumOf(rated));
  // A VAT heading over one row per rate ("MwSt." over 480,00 and 55,00), with no total VAT printed:
  // the rows, read as printed, are the parts of the total.
  const columns = new Map<string, Candidate[]>();
  for (const c of tva) if (c.inColumn && !c.repaired) columns.set(labelOf(c), [...columns.get(labelOf(c)) ?? [], c]);
  for (const rows of columns.values()) if (rows.length >= 2 && rows.length <= MAX_VAT_RATES) out.push(sumOf(rows));
  return out;
}

/**
 * The net that VAT lines naming their rates were charged on: each line's tax over its rate, with the
 * slack its rounding to the cent allows (half a cent over the rate). Lines without a rate add none.
 */
function impliedNet(parts: Candidate[]): VatReading['impliedNet'] {
  // Rates are printed with a point ("5.5"; rateOf, vat-rate-rows.ts).
  const net = { cents: 0, slack: 0, unrated: 0 };
  for (const c of parts) {
    const rate = c.rate === null ? 0 : Number(c.rate);
    if (rate > 0) {
      net.cents += (Math.abs(c.cents) * 100) / rate;
      net.slack += 50 / rate;
    } else net.unrated += Math.abs(c.cents);
  }
  return net.slack > 0 ? net : undefined;
}

/**
 * Two VAT lines of one amount ("TVA 10 % 10,00" then "Total TVA 10,00") are one VAT printed twice,
 * its rate's line and its total: summed, they count it twice. Two rates, each printed, are parts
 * whatever their amounts. (With three lines or more, one the sum of the others may be their total or
 * a coincidence; the total's line alone is a reading of its own either way.)
 */
function totalAmongRates(parts: Candidate[]): boolean {
  if (parts.length !== 2 || parts[0]!.cents !== parts[1]!.cents) return false;
  const [a, b] = parts.map((c) => c.rate);
  return a === null || b === null || a === b;
}

/** Lines at most this far apart are one block of VAT lines (a blank or a rule may stand between). */
const BLOCK_GAP = 2;

/** The candidates in runs of lines each at most BLOCK_GAP below the last. */
function adjacentBlocks(list: Candidate[]): Candidate[][] {
  const blocks: Candidate[][] = [];
  for (const c of [...list].sort((a, b) => a.lineIndex - b.lineIndex)) {
    const last = blocks.at(-1);
    if (last && c.lineIndex - last.at(-1)!.lineIndex <= BLOCK_GAP && c.lineIndex !== last.at(-1)!.lineIndex) last.push(c);
    else blocks.push([c]);
  }
  return blocks;
}

/** France has four VAT rates, Germany two: more lines than this are no per-rate breakdown. */
const MAX_VAT_RATES = 4;
/** Or just before its label, in its cell: "zzgl. 7 % MwSt.", "7 % MwSt. | 19 % MwSt.". */
const RATE_BEFORE = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s*%\s*$/;

/** The rate a label's line names, just before the label in its cell, or after it (`before`: the line's text up to the label). */
function rateOf(label: string, after: string, before: string): string | null {
  const rate = RATE_BEFORE.exec(before.split(COLUMN_GAP).at(-1)!)?.[1] ?? PRINTED_RATE.exec(`${label} ${after}`)?.[1];
  return rate?.replace(',', '.') ?? null;
}

// OCR reads a receipt's "GST" as "6ST"; its "GST @ 6% INCLUDED IN TOTAL" says so by the rate alone.
const TAX_INCLUDED = /\b(inc|incl|included|inclusive|dont)\b\.?\)?\s*(\d+(\.\d+)?\s*%\s*)?(gst|vat|tax|tva|sst)\b|\b(gst|6st|vat|tax|tva|sst)\b(?:(?!\bnot\b).){0,12}\bincluded\b|@\s*\d+(\.\d+)?\s*%\s*included\b/;

export function readTotals(lines: Line[]): Totals {
  const { list, currencies } = candidates(lines);
  const byRole = (role: AmountRole) => list.filter((c) => c.role === role);
  const ht = byRole('ht');
  const ttc = [...byRole('ttc'), ...byRole('due').map((c) => ({ ...c, score: c.score - 0.15 }))];
  // A VAT line that prints a rate of nought charges none, whatever amount stands on it ("Débours (TVA
  // 0 %) 4,50", "0 % MwSt. 3,30"): that amount is a line outside the VAT, no part of it.
  const tva = vatSums(byRole('tva').filter((c) => !(c.rate !== null && Number(c.rate) === 0 && c.cents !== 0)));
  const zeroVat = lines.some((l) => ZERO_VAT_EVIDENCE.test(fold(l.text)));
  if (zeroVat) tva.push({ cents: 0, score: 0.9 });
  // No VAT amount printed at all: a net equal to the total implies none, a weak reading for review.
  const printedVat = tva.length > 0;
  if (!printedVat) tva.push({ cents: 0, score: NO_VAT_PRINTED, repaired: true, unprinted: true });
  // Read once per page set, and only where it matters: no VAT amount printed.
  const ratePrinted = !printedVat && lines.some((l) => NONZERO_VAT_RATE.test(fold(l.text)));
  const due = best(byRole('due'))?.cents ?? null;

  /** `rounding`: the cash rounding read between net plus tax and this total, if any (roundingsAbove). */
  type Solution = { ht: Candidate; tva: VatReading; ttc: Candidate; score: number; rounding: Cents };
  const solutions: Solution[] = [];
  const rounding = roundingAdjustment(lines);
  // A total read as printed above the rounding line, near the totals below it: the sum is that one's.
  const totalReadAbove = (t: { cents: Cents }) => rounding !== null && ttc.some((c) => !c.repaired && c.lineIndex < rounding.lineIndex && c.cents !== t.cents && Math.abs(c.cents - t.cents) <= MAX_ROUNDING);
  const solve = (totals: Candidate[], nets: Candidate[]) => {
    for (const t of totals) {
      const offsets = [0, ...roundingsAbove(t, rounding, totalReadAbove)];
      for (const h of nets) {
        for (const v of tva) {
          const gap = t.cents - h.cents - v.cents;
          const offset = offsets.reduce((b, o) => (Math.abs(gap - o) < Math.abs(gap - b) ? o : b));
          // Through a rounding, the sum must be exact: the cent a VAT's rounding may take is no part of it.
          if (Math.abs(gap - offset) > (offset === 0 ? 1 : 0) || t.cents === 0) continue;
          // A till's "net total" taken as the total is the amount paid, after any cash rounding: it
          // proves a net and a tax only as their exact sum (1217.73 + 73.06 under "Nett Total 1290.80").
          if (t.netTotal && gap !== offset) continue;
          // Two guesses make no reading: a net equal to a total taken from any cell proves nothing.
          if (v.score <= NO_VAT_PRINTED && (h.repaired || t.repaired)) continue;
          // With no VAT, a net read down a column equals the total whenever the column runs on into
          // the total's own line ("Total HT" over the items, then "Montant total TTC 1,22 €" under
          // them, its 1,72 misread): one printed amount read twice proves nothing. A row of values
          // under a row of headings ("Total HT | TVA | Total TTC") is read once per cell.
          // Nor is one cell that both headings' columns reach, the row of values shifted under them.
          if (v.cents === 0 && h.inColumn && (!(t.inColumn && t.lineIndex === h.lineIndex) || sameCell(h, t, lines))) continue;
          // A reading whose VAT is no plausible share of its net (columns swapped) ranks last.
          const penalty = vatShareIsPlausible(h.cents, v.cents) ? 0 : 1;
          // Proven zero, the VAT is as sure as the two readings that prove it.
          const vat = v.unprinted && netEqualsTotal(h, t, ttc, ratePrinted) ? { ...v, score: Math.min(h.score, t.score), repaired: false } : v;
          solutions.push({ ht: h, tva: vat, ttc: t, score: t.score + h.score + vat.score - penalty, rounding: offset });
        }
      }
    }
  };
  solve(ttc, ht);
  // Nothing adds up as read: the readings that complete a sum at a printed rate get their turn (a
  // total whose leading digits OCR lost, a net that a total includes with its tax).
  if (!solutions.length) {
    const completed = [...totalsWithLeadingDigitsLost(list, lines), ...netsOfTaxIncluded(list, lines)];
    ht.push(...completed.filter((c) => c.role === 'ht'));
    ttc.push(...completed.filter((c) => c.role === 'ttc'));
    solve(ttc, ht);
  }
  solutions.sort((a, b) => b.score - a.score);
  const solved = solutions[0];
  const totalsBelow = (lineIndex: number) => byRole('ttc').filter((c) => c.lineIndex > lineIndex && !c.repaired).map((c) => c.cents);
  // The total after cash rounding: the rounded total printed below the rounding (or below the total,
  // when no rounding read at all), or else the cash step under a rounded total OCR misread
  // (`stepped`: no line proves it).
  const roundOff = (t: Candidate) => {
    const belowRounding = roundedTotal(t, lines, rounding);
    const printed = belowRounding !== t.cents ? belowRounding : roundedTotalBelow(t, lines, totalsBelow) ?? t.cents;
    const stepped = printed === t.cents ? onCashStep(t, lines, rounding, totalsBelow) : null;
    return { rounded: stepped ?? printed, stepped: stepped !== null };
  };
  if (solved) {
    const sound = (s: Solution) => !s.ht.repaired && !s.tva.repaired && !s.ttc.repaired && vatShareIsPlausible(s.ht.cents, s.tva.cents);
    // A total a read rounding away from the chosen one adds up within the cent as well ("Total Incl.
    // GST 742.39", "Rounding Adj 0.01", "TOTAL 742.40"): the same total, before or after its rounding.
    const otherTotal = (c: Candidate) => c.cents !== solved.ttc.cents && !roundedPair(c, solved.ttc, rounding);
    const others = [...new Set(solutions.filter((s) => sound(s) && otherTotal(s.ttc)).map((s) => s.ttc.cents))];
    // One row per VAT rate that adds up on its own (base + tax = that rate's total): the rows are the
    // parts of the chosen total, not rivals of it.
    const parts = others.length >= 2 && Math.abs(others.reduce((a, b) => a + b, 0) - solved.ttc.cents) <= others.length;
    const rivalTotals = parts ? [] : others;
    // Two consistent readings with different totals and close scores: the document is ambiguous, so
    // the amounts are reported but not trusted enough to validate. The rows of a per-rate table that
    // sum to the chosen total are its parts, and rival nothing.
    const rival = solutions.find((s) => otherTotal(s.ttc) && solved.score - s.score < RIVAL_MARGIN && !(parts && others.includes(s.ttc.cents)));
    // The same total split another way that adds up as well, about as surely ("TOTAL HT | TOTAL TVA"
    // headings over "100,00 | 4,90 | 104,90" read one column off, with a VAT of nothing read
    // elsewhere): which net and VAT the page prints is not proven.
    const splitRival = solutions.some((s) => s.ttc.cents === solved.ttc.cents && s.ht.cents !== solved.ht.cents && solved.score - s.score < RIVAL_MARGIN);
    // A total read beside a stronger label than the one the equation settled on, which no net and
    // VAT add up to ("Total (Inclusive of GST): 38.00" over a net misread "30.00", the equation
    // then closing on a line's "30.00" under an items table's "Total" heading): the equation
    // proves the wrong line. An amount due is left out: after a deposit it differs by right.
    // That total is the one reported: it is the page's own word for its total.
    // Nor is a total that a deposit or payment printed between the two takes to it ("Total £885.53",
    // "Less deposit -£354.00", "Amount payable £531.53"): it is what remains to pay.
    const outranking = best(ttc.filter((c) => c.role === 'ttc' && c.cents !== solved.ttc.cents && !c.repaired && c.score > solved.ttc.score + OUTRANKED_BY
      && !deductedBetween(lines, solved.ttc, c)));
    // An amount due of the other sign than the total (a credit note's "- 180,00" left to refund beside
    // a total read "200,00"): OCR lost a minus sign somewhere, and the equation proves nothing.
    const signsClash = due !== null && due !== 0 && solved.ttc.cents !== 0 && Math.sign(due) !== Math.sign(solved.ttc.cents);
    // A table of one row per VAT rate ends with the row that sums them: a net and a total read in a
    // row above the last, whose own sum did not read, may be one rate's ("7 % | -2,82 | -0,20 |
    // -3,02" over a sum row read "=7,90 | “1,12 | -6,79"). Other amounts under the total's column
    // alone are no such rows ("Acompte : -10,00", "Net à payer - 90,00"), and a VAT alone taken from
    // a table of VAT per rate is checked by a net and a total read elsewhere.
    // A column whose last row sums the rows above says so outright, whatever the total's column read
    // below ("-4,85 | -2,82 | -7,67" over an Endbetrag column ending in "-B,79").
    // So does a net and a VAT read each in its column with rows below (the total's below lost).
    const rowsBelow = (c: { rowsBelow?: number }) => (c.rowsBelow ?? 0) > 0;
    const rateRow = (rowsBelow(solved.ht) && (rowsBelow(solved.ttc) || rowsBelow(solved.tva))) || Boolean(solved.ht.partOfSum || solved.ttc.partOfSum);
    // A VAT whose decimal comma OCR lost ("172426 €" for 1 724,26 €) is checked by a net and a total
    // read as printed, as a doubtful one is: only its right digits close their equation. Not a VAT
    // taken from any cell of a row (one of several may close it by chance), nor one whose sign was
    // flipped, nor a zero: none of these is the page's VAT as read.
    const vatUnsure = solved.tva.repaired && !(solved.tva.lostDecimals && solved.tva.cents !== 0 && !solved.ht.cutCents && !solved.ttc.cutCents);
    const unsure = solved.ht.repaired || solved.ttc.repaired || vatUnsure || solved.ht.doubtful || solved.ttc.doubtful || rateRow;
    const { rounded, stepped } = roundOff(solved.ttc);
    // A cash rounding labelled below the total that adds up, with no rounded total found after it
    // (its amount unread, or the total it makes not printed): the amount paid, which a receipt's
    // total is, may be another than the one the equation proves. The payment then says which
    // ("Round Adj -$0.02" read "-50.02", then "DEBIT CARD $315.15" under a total of 315.17).
    const unroundedTotal = beforeRounding(solved.ttc, rounded, lines, rounding);
    // A larger total or amount due below the proven one, which an amount printed between them takes
    // it to: a charge added after the VAT sum ("Total TTC 1 200,00", "Débours 35,00", "Total facture
    // 1 235,00"), outside the equation, which then proves only a part of what the invoice asks. Not
    // the cash a till was handed ("Change 4.55", "Total Payment 50.00"): that is a payment. A card
    // charged the larger amount is charged a tip or a fee, unless cash was drawn with it ("Cashback").
    const chargeAdded = ttc.some((c) => !c.repaired && !c.doubtful && !c.inColumn && c.lineIndex > solved.ttc.lineIndex
      && Math.sign(c.cents) === Math.sign(solved.ttc.cents) && Math.abs(c.cents) > Math.max(Math.abs(solved.ttc.cents), Math.abs(rounded ?? solved.ttc.cents))
      && !roundedPair(c, solved.ttc, rounding) && deductedBetween(lines, solved.ttc, c) && cashTendered(lines) !== c.cents && !cashDrawn(lines));
    // A smaller total below the proven one, a discount printed between them taking it there ("Total
    // (Incl GST) 53.00", "Discount 5.30", "NETT TOTAL 47.70"): the till asks the smaller. Not an amount
    // due after a voucher or gift card: that pays a part of the total.
    const discountedAfter = ttc.some((c) => !c.repaired && !c.doubtful && c.lineIndex > solved.ttc.lineIndex
      && Math.sign(c.cents) === Math.sign(solved.ttc.cents) && Math.abs(c.cents) < Math.abs(solved.ttc.cents)
      && printedBetween(lines, solved.ttc, c, solved.ttc.cents - c.cents, DISCOUNT) && !printedBetween(lines, solved.ttc, c, solved.ttc.cents - c.cents, DEPOSIT_ASKED));
    const paidOther = paidOtherwise(solved.ttc, lines, rounding);
    // A total read down a column (an item's row under "Montant HT | TVA | Montant TTC") above a total
    // printed under its own label, as many digits long, that says another amount: the labelled one
    // may be the page's total misread by a digit, which then no longer outranks one item's row.
    const digits = (cents: Cents) => String(Math.abs(cents)).length;
    const columnAgainstLabel = Boolean(solved.ttc.inColumn) && ttc.some((c) => c.role === 'ttc' && !c.inColumn && !c.repaired
      && c.lineIndex > solved.ttc.lineIndex && c.cents !== solved.ttc.cents && digits(c.cents) === digits(solved.ttc.cents) && !roundedPair(c, solved.ttc, rounding));
    const partAsked = depositAsked(lines, solved.ttc, ttc);
    // A larger amount asked than the proven total, the rest printed as a charge of its own anywhere on
    // the page: the invoice asks more than the equation proves. An order's, a contract's or a previous
    // bill's total, or the total in another currency, prints no such difference.
    // (Not the proven total's own line: an order twice its amount, shipped in halves, prints no rest.)
    const restPrinted = (c: Candidate) => lines.some((l, i) => i !== solved.ttc.lineIndex && i !== solved.ht.lineIndex
      && findAmounts(l.text).some((a) => Math.abs(Math.abs(a.cents) - Math.abs(c.cents - solved.ttc.cents)) <= 1));
    const asksMore = (c: Candidate) => !c.repaired && !c.doubtful && Math.sign(c.cents) === Math.sign(solved.ttc.cents)
      && Math.abs(c.cents) > Math.max(Math.abs(solved.ttc.cents), Math.abs(rounded ?? solved.ttc.cents)) + MAX_ROUNDING && !roundedPair(c, solved.ttc, rounding) && restPrinted(c);
    // An amount due, wherever the page prints it ("Montant à régler : 1 237,45 €" over a total of
    // 1 200,00 and "Débours … 37,45 €"; "Zu zahlen inkl. Pfand"). A deposit or a payment only makes it smaller.
    const dueAbove = byRole('due').some((c) => asksMore(c) && cashTendered(lines) !== c.cents);
    // A total above the proven one, or on an earlier page, under a total's own label: a bill's summary
    // ("Montant total de votre facture 44,89 €", "Rechnungsbetrag", "Total this bill") over one
    // section's net, VAT and total, the rest billed outside it (a third party's service, an instalment).
    const largerAbove = ttc.some((c) => c.role === 'ttc' && !c.inColumn && c.lineIndex < solved.ttc.lineIndex && asksMore(c));
    const total = outranking ? outranking.cents : unroundedTotal ? paidTotal(rounded, lines, rounding, true) : rounded;
    // A rounded total found below a rounding whose amount did not read: no line proves that step.
    const roundingUnread = rounding === null && rounded !== solved.ttc.cents;
    // VAT lines summed as the total VAT whose rates say they were charged on more than the net, or on
    // all of it beside lines of tax without a rate: one of them is no tax ("7 % 1 379,79 96,59" beside
    // "27,45", a 19 % rate's net whose tax "5,22" OCR read on a line of its own).
    const implied = solved.tva.impliedNet;
    const net = Math.abs(solved.ht.cents);
    const taxedOverNet = implied !== undefined && (implied.cents > net + implied.slack + 1 || (implied.unrated > 0 && implied.cents >= net - implied.slack - 1));
    // VAT lines after their labels at two rates or more ("TVA 20% sur 351,79   70,36 €", "TVA 10% sur
    // 2 792,47   279,25 €"), and the proof's VAT is one of them alone: the equation closed on one
    // rate's row ("20 % | 351,79 | 70,36 | 422,15" under "Base HT | Montant TVA | Total TTC", the
    // page's own net unread), not on the page's totals, whose VAT is their sum.
    const rateLines = byRole('tva').filter((c) => !c.inColumn && !c.repaired && c.rate !== null && Number(c.rate) > 0 && c.cents !== 0);
    const oneRateOfSeveral = new Set(rateLines.map((c) => c.rate)).size >= 2 && rateLines.some((c) => c.cents === solved.tva.cents);
    const weak = taxedOverNet || oneRateOfSeveral || Boolean(rival || outranking) || splitRival || signsClash || unsure || unroundedTotal || roundingUnread || stepped || chargeAdded || columnAgainstLabel || partAsked || discountedAfter || paidOther || dueAbove || largerAbove;
    // A rounding read on its own line between the sum and the total reported: net + tax + rounding.
    // Either the equation closed on the total below it, or the total below it was found after.
    const cashRounding = total === null || outranking ? null
      : solved.rounding !== 0 && total === solved.ttc.cents ? solved.rounding
        : rounding && !stepped && !unroundedTotal && total === rounded && total !== solved.ttc.cents ? total - solved.ttc.cents : null;
    const cap = weak ? WEAK_PROOF_CONFIDENCE : 0.99;
    const conf = (s: number) => Math.max(0, Math.min(cap, 0.55 + s * 0.45));
    // The amount due's sign is the credit note's: its minus, the one OCR kept, signs the amounts too.
    const signed = (cents: Cents) => (signsClash ? negated(cents) : cents);
    return {
      ht: signed(solved.ht.cents), tva: signed(solved.tva.cents), ttc: total === null ? null : signed(total), due,
      confidence: { ht: conf(solved.ht.score), tva: conf(solved.tva.score), ttc: conf(solved.ttc.score) }, currencies, rivalTotals,
      proof: weak ? 'weak' : 'equation', cashRounding: cashRounding === null ? null : signed(cashRounding),
    };
  }
  // Nothing adds up: report the best guesses, uncertain, for a person to review.
  // A total of nothing is a misread (a payment line, an empty cell read "0.00"), never a guess worth showing.
  // A total whose point OCR lost ("Grand Total RM 455"), paid exactly ("CASH RM 4.55"): the payment
  // says which of its readings is the total.
  const paid = amountsPaid(lines);
  const repairedAsPaid = ttc.filter((c) => c.repaired && c.cents !== 0 && paid.includes(c.cents));
  const t = best(repairedAsPaid.length ? repairedAsPaid : ttc.filter((c) => c.cents !== 0));
  const readVat = printedVat ? tva.reduce<VatReading | null>((b, c) => (!b || c.score > b.score ? c : b), null) : null;
  // A net read down a column of line items (a "Montant HT" heading over them) is often the last item,
  // not the net: it gives way to the total less a VAT, both read as printed, when that VAT is a
  // plausible share of what remains (the net's own heading, in a shaded box, unread).
  const netGuess = best(ht);
  const byDifference = netGuess?.inColumn && t && !t.repaired && readVat && !readVat.repaired && readVat.cents !== 0
    && vatShareIsPlausible(t.cents - readVat.cents, readVat.cents);
  const h = byDifference ? null : netGuess;
  // A VAT taken from any cell of a neighbouring row (its label unread) guesses worse than the
  // difference of a net and a total, each read as printed beside its own label.
  const vatBetween = h && t && !h.repaired && !t.repaired && t.cents !== h.cents && vatShareIsPlausible(h.cents, t.cents - h.cents);
  const v = readVat?.repaired && vatBetween ? null : readVat;
  // What the amounts found imply for the one that is missing, as a guess that a person confirms
  // (never validated: confidences stay under the threshold). A receipt's net and tax with no
  // labelled total give the total, or the net alone when the tax is "included" or not due; a
  // total and its tax with no labelled net (a "Tax" column, "Charges") give the net.
  const taxIncluded = lines.some((l) => TAX_INCLUDED.test(fold(l.text)));
  // A VAT of zero implies a total only where the page says why no VAT is due (a misread "0.00" does not).
  const vatKnown = v && (v.cents !== 0 || zeroVat);
  const totalOf = (net: Cents, vat: Cents) => net + (taxIncluded ? 0 : vat) + (rounding?.cents ?? 0);
  // A VAT that is no plausible share of its net or total is a misread (the net of a tax summary's
  // row taken for its tax): it implies nothing.
  const impliedTtc = !t && h && vatKnown && vatShareIsPlausible(h.cents, v.cents) ? totalOf(h.cents, v.cents) : null;
  const impliedHt = !h && t && v && !taxIncluded && vatShareIsPlausible(t.cents - v.cents, v.cents) ? t.cents - v.cents : null;
  // A net and a total with no VAT read between them: the difference, when it is a VAT's share.
  const impliedTva = !v && h && t && t.cents !== h.cents && vatShareIsPlausible(h.cents, t.cents - h.cents) ? t.cents - h.cents : null;
  const rounded = t ? roundOff(t).rounded : null;
  // A total implied by the net and the VAT comes before any rounding the page could not read.
  const unrounded = t ? beforeRounding(t, rounded, lines, rounding) : impliedTtc !== null && rounding === null && beforeRounding({ cents: impliedTtc, lineIndex: h!.lineIndex }, impliedTtc, lines, null);
  const read = { ht: h?.cents ?? impliedHt, tva: v?.cents ?? impliedTva, ttc: paidTotal(rounded ?? impliedTtc, lines, rounding, unrounded) };
  // A cash rounding moves the total off net + tax: the rate then relates nothing the page prints.
  // Nor does it move a total the payment proves (cash − change: "NET TOTAL 1.75" after a service
  // charge that no rate relates, a net of 1.75 read from the same line).
  const provenByPayment = read.ttc !== null && paymentProves(read.ttc, lines, rounding);
  const guessed = rounding || provenByPayment || (t && rounded !== t.cents) ? read : totalWithLostDigits(guessFromRate(read, printedVatRates(lines)));
  // A total still under half the net it includes, the net read as printed beside its own label: a
  // total whose digits OCR lost in leader dots ("Net à payer TTC ....../3 4 €" for 5 049,32 €), or
  // the amount left to pay after a deposit. The net and a VAT known to be right imply it, as when no
  // total was read. Not a total a little under the net: a receipt's discount may come after its
  // subtotal.
  const belowNet = h && !h.inColumn && !h.repaired && vatKnown && vatShareIsPlausible(h.cents, guessed.tva ?? 0) && guessed.ht === h.cents && guessed.ttc !== null && guessed.ttc > 0 && guessed.ttc < h.cents * BELOW_NET;
  return {
    ...(belowNet ? { ...guessed, ttc: totalOf(h.cents, guessed.tva ?? 0) } : guessed), due,
    // A total read above a cash rounding that could not be applied is less sure than a reading that
    // found the rounded total: of two readings of a receipt, that one's amounts are kept (ocr-step.ts).
    confidence: { ht: GUESS.ht - looseness(h), tva: GUESS.tva - looseness(v), ttc: GUESS.ttc - looseness(t) - (unrounded && read.ttc === rounded ? LOOSE_GUESS : 0) }, currencies, rivalTotals: [], proof: 'none', cashRounding: null,
  };
}

/**
 * An amount printed on a line between a total and a later one that is their difference: a deposit,
 * a payment or a discount, which makes the later one what remains of the first (or a charge, which
 * the later one adds to it).
 */
function deductedBetween(lines: Line[], total: Candidate, later: Candidate): boolean {
  if (later.lineIndex <= total.lineIndex) return false;
  const gap = Math.abs(total.cents - later.cents);
  if (printedBetween(lines, total, later, gap)) return true;
  // Several, one a line ("Débours : frais de greffe 35,00", "Débours : timbres 20,00"; a deposit and
  // a discount): the difference is the sum of each line's last amount, within a cent a line.
  // The cash a till was handed and its change are no part of it.
  const paid = amountsPaid(lines);
  const lastOfEach = lines.slice(total.lineIndex + 1, later.lineIndex).flatMap((l) => findAmounts(l.text).slice(-1).map((a) => Math.abs(a.cents)))
    .filter((c) => !paid.includes(c));
  return lastOfEach.length > 1 && Math.abs(lastOfEach.reduce((sum, c) => sum + c, 0) - gap) <= lastOfEach.length;
}

/**
 * A deposit asked on the order's total, below it: a deposit's line printing a part of the total
 * ("Total TTC 12 000,00", "Acompte 30 % à la commande 3 600,00"), then an amount due of that part,
 * or nothing that the total less the deposits makes. The invoice bills that part, not the total the
 * equation proves. Not a deposit paid, deducted or to come ("Acompte versé", "abzüglich geleisteter
 * Abschlagszahlungen:" over the lines it heads, "Prochain acompte"), nor a schedule that prints
 * what remains ("Solde à la livraison 8 400,00", "Restbetrag", "Reste à payer").
 */
function depositAsked(lines: Line[], total: Candidate, totals: Candidate[]): boolean {
  if (total.cents <= 0) return false;
  const below = lines.slice(total.lineIndex + 1);
  const settled = (k: number) => below.slice(Math.max(0, k - HEADED_LINES), k + 1).some((l) => DEPOSIT_PAID.test(fold(l.text)));
  const parts = below.flatMap((line, k) => {
    const part = findAmounts(line.text).at(-1);
    return DEPOSIT_ASKED.test(fold(line.text)) && !settled(k) && part && part.cents > 0 && part.cents < total.cents ? [{ cents: part.cents, at: total.lineIndex + 1 + k }] : [];
  });
  if (!parts.length) return false;
  // The deposit itself asked as the amount due: a deposit invoice, whatever else the page prints.
  if (totals.some((c) => c.lineIndex > parts[0]!.at && parts.some((p) => Math.abs(c.cents - p.cents) <= 1))) return true;
  const remainders = [...parts.map((p) => total.cents - p.cents), total.cents - parts.reduce((sum, p) => sum + p.cents, 0)];
  return !below.some((l) => findAmounts(l.text).some((a) => remainders.some((r) => Math.abs(Math.abs(a.cents) - r) <= 1)));
}

/** A line saying deposits were paid heads the lines under it this far ("abzüglich geleisteter Abschlagszahlungen:"). */
const HEADED_LINES = 2;

/** A line between a total and a later one (whose words match `words`, if given) prints this amount, whatever its sign (within a cent). */
function printedBetween(lines: Line[], total: Candidate, later: Candidate, cents: Cents, words?: RegExp): boolean {
  return lines.slice(total.lineIndex + 1, later.lineIndex).some((l) => (!words || words.test(fold(l.text)))
    && findAmounts(l.text).some((a) => Math.abs(Math.abs(a.cents) - Math.abs(cents)) <= 1));
}

/**
 * Values below the k-th of a column that could be another row of its table: not a "Net à payer"
 * repeating the total under its column, nor a nought ("Acompte : 0,00").
 */
function otherRowsBelow(rows: AmountMatch[], k: number): number {
  return rows.slice(k + 1).filter((a) => a.cents !== rows[k]!.cents && a.cents !== 0).length;
}

/**
 * The k-th value of a column stands above its last, and the last is the sum of every value above it
 * (a table of one row per VAT rate, then their sum): the k-th is a part, not the total.
 */
function sumRowBelow(rows: AmountMatch[], k: number): boolean {
  const last = rows.length - 1;
  if (last < 2 || k === last) return false;
  const sum = rows.slice(0, last).reduce((total, a) => total + a.cents, 0);
  return Math.abs(sum - rows[last]!.cents) <= last && rows[last]!.cents !== 0;
}

/**
 * A cash rounding labelled below the total, with no rounded total found after it (its amount
 * unread, or the total it makes not printed): the total read is the one before rounding.
 */
function beforeRounding(total: { cents: Cents; lineIndex: number }, rounded: Cents | null, lines: Line[], rounding: Rounding | null): boolean {
  const at = roundingLine(lines);
  return at !== null && at > total.lineIndex && rounded === total.cents && rounding?.cents !== 0;
}

/**
 * How sure a guess is when nothing adds up: never enough to validate, but a person, and a second
 * reading of the page (ocr-step.ts combines two), should prefer an amount read beside its own label
 * to one taken down a column, repaired, or implied by the others: a first reading that lost a
 * receipt's figures took "You Saved: 4.09" from under a "Total Amount" left without its amount.
 */
const GUESS = { ht: 0.4, tva: 0.4, ttc: 0.5 };
const LOOSE_GUESS = 0.05;
const looseness = (c: { repaired?: boolean; inColumn?: boolean; cutCents?: boolean } | null | undefined) => (c && !c.repaired && !c.inColumn && !c.cutCents ? 0 : LOOSE_GUESS);

/** A phrase that says no VAT is due (VAT_ABSENT) spans the VAT label at [start, end) of a folded line. */
function deniesVat(text: string, start: number, end: number): boolean {
  return [...text.matchAll(new RegExp(VAT_ABSENT.source, 'g'))].some((m) => m.index < end && start < m.index + m[0].length);
}
