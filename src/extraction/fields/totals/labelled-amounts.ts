// The amounts the page prints beside or under a label of net, VAT, total or amount due, each a
// candidate for that role, with the readings derived from them (derived-readings.ts).
import type { Cents } from '../../../domain/money.ts';
import { COLUMN_GAP, lineCells, spanConf, spanRuns, type Line } from '../../layout/lines.ts';
import { leadingGroupApart } from '../../layout/group-apart.ts';
import { centsCut, findAmounts, type AmountMatch } from '../amount-parser.ts';
import { cellBefore, findLabels, labelStart, type ColumnCell, type LabelHit } from '../labelled-values.ts';
import { AFTER_DISCOUNT, AMOUNT_DECOYS, AMOUNT_LABELS, ITEM_HEADING, TAX_WORD, VAT_ABSENT, type AmountRole } from '../labels.ts';
import { fold } from '../text-normalise.ts';
import { PRINTED_RATE } from '../vat-rate-rows.ts';
import { ANY_CELL_PENALTY, LOOSE_GUESS, sumsTo, type Candidate, type ValueAt } from './candidate.ts';
import { lostSigns, netTotalsAsTotals, rateRowReadings, vatBetweenTotals, withServiceCharge } from './derived-readings.ts';

/** Every candidate for net, VAT, total and amount due, and the currencies printed with money. */
export function labelledAmounts(lines: Line[]): { list: Candidate[]; currencies: string[] } {
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
    // A decoy that opens the label's cell qualifies it too: "Allowance (Tax: 20.00%): Discount".
    const before = cellBefore(line, labelStart(hit));
    const named = `${before} ${hit.label} ${fold(qualifier)}`;
    if (AMOUNT_DECOYS.test(named) && !AFTER_DISCOUNT.test(named)) continue;
    // A tax named in brackets after other words qualifies them, and the row's amount is theirs: an
    // allowance's or a charge's ("Allowance (Tax: 20.00%): Discount", "Shipping (VAT 20 %)").
    if (hit.role === 'tva' && QUALIFIED_BEFORE.test(before)) continue;
    // A line that says its VAT word is no VAT ("Débours non soumis à TVA 4,50", "Exam fee (VAT exempt)")
    // is no part of the VAT; not "VAT @ 20% (books zero-rated)", whose rate is charged.
    if (hit.role === 'tva' && deniesVat(fold(line.text), labelStart(hit), hit.afterIndex)) continue;
    const pageBias = line.page === lastPage ? 0 : -0.2;
    const at = { lineIndex: hit.lineIndex, labelAt: hit.afterIndex, rate: rateOf(hit.label, hit.after, fold(line.text).slice(0, hit.afterIndex - hit.label.length)) };
    const bare = line.conf < 1 && !amounts.length ? droppedDecimals(ownCells(hit.after)) : null;
    if (bare !== null) {
      list.push({ role: hit.role, cents: bare, score: hit.weight * line.conf + pageBias - REPAIR_PENALTY, ...at, repaired: true, lostDecimals: true });
      continue;
    }
    if (!amounts.length) {
      const column = columnCandidates(lines, hit, { ...at, pageBias }, labelled);
      list.push(...column.list);
      currencies.push(...column.currencies);
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

/** Where a label stands, what rate it names, and how its page weighs it (-0.2 before the last page). */
type LabelPlace = { lineIndex: number; labelAt: number; rate: string | null; pageBias: number };

/** A heading with no amount beside it: the values down its column, and those of the row just below. */
function columnCandidates(lines: Line[], hit: LabelHit<AmountRole>, { pageBias, ...at }: LabelPlace, labelled: Set<number>): { list: Candidate[]; currencies: string[] } {
  const line = lines[hit.lineIndex]!;
  const list: Candidate[] = [];
  // A row of headings over a column of values: every row is a candidate, the bottom one first,
  // since a table that lists one row per VAT rate ends with the row that sums them.
  // A value that a decoy's label names ("Allowance: Discount   -161.09" under a "Tax" heading) is none of the column's.
  const rows = columnValues(hit.belowCells()).filter((a) => !namedByDecoy(lines[a.valueAt.lineIndex]!, a.valueAt.end - a.raw.length));
  // Under headings that also name an item's description or quantity, each row is one item: its
  // amount is that item's ("Gesamt brutto" of the last line, not of the invoice), unless it is the
  // column's last and the sum of the rows above it. One row may still be the invoice's only item.
  const items = rows.length > 1 && ITEM_HEADING.test(fold(line.text));
  rows.forEach((a, k) => {
    if (items && !(k === rows.length - 1 && sumsTheRowsAbove(rows))) return;
    const doubtful = Boolean(a.headless) || groupApartInColumn(lines, a);
    for (const r of readings(a, line.conf)) list.push({ role: hit.role, cents: r.cents, score: hit.weight * line.conf - 0.1 - 0.03 * (rows.length - 1 - k) + pageBias - r.penalty, ...at, repaired: r.repaired, lostDecimals: r.repaired, inColumn: true, valueAt: a.valueAt, rowsBelow: otherRowsBelow(rows, k), partOfSum: sumRowBelow(rows, k), doubtful });
  });
  // A column's whole numbers are no money (a date read "20-0€" under a heading): as elsewhere, only amounts with cents.
  const currencies = rows.flatMap((a) => (a.currency && a.hasCents ? [a.currency] : []));
  // OCR that drops a cell from the row of values, or headings left-aligned over amounts
  // right-aligned in their boxes, puts values in a neighbour's column. Every amount of the row
  // just below is then also a candidate, too weak to validate alone: only an equation that adds
  // up (HT + TVA = TTC) among them can pick it.
  if (items) return { list, currencies };
  for (const a of rowBelow(lines, hit.lineIndex, labelled)) list.push({ role: hit.role, cents: a.cents, score: hit.weight * line.conf - ANY_CELL_PENALTY + pageBias, ...at, repaired: true });
  return { list, currencies };
}

const NET_TOTAL = /\bnett?\s+total\b/;

/** Words, then an open bracket: what follows is their qualifier ("Allowance (", "Shipping ("). */
const WORDS_THEN_BRACKET = String.raw`\p{L}{3,}[^([]*[([]`;
/** Words, then an open bracket just before a label: the label is inside their qualifier. */
const QUALIFIED_BEFORE = new RegExp(String.raw`${WORDS_THEN_BRACKET}\s*$`, 'u');

/** A label has this many words at most: a sentence beside a row of values ("… ne donneront pas lieu à escompte.") is none. */
const MAX_LABEL_WORDS = 6;

/**
 * The cell just before a value is a label that names a deposit, a discount or another decoy, not as
 * taken already ("Total après remise"), or names a tax only in brackets after its own words.
 */
function namedByDecoy(line: Line, valueStart: number): boolean {
  const label = lineCells(line).filter((c) => c.start < valueStart && /\p{L}/u.test(c.text)).at(-1);
  if (!label || label.text.trim().split(/\s+/).length > MAX_LABEL_WORDS) return false;
  const text = fold(label.text);
  return (AMOUNT_DECOYS.test(text) && !AFTER_DISCOUNT.test(text)) || TAX_IN_QUALIFIER.test(text);
}

/** A tax named in brackets after other words ("Allowance (Tax: 20.00%)"): the row is theirs, not the tax's. */
const TAX_IN_QUALIFIER = new RegExp(String.raw`${WORDS_THEN_BRACKET}[^)\]]*${TAX_WORD.source}`, 'u');

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

/** Or just before its label, in its cell: "zzgl. 7 % MwSt.", "7 % MwSt. | 19 % MwSt.". */
const RATE_BEFORE = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s*%\s*$/;

/** The rate a label's line names, just before the label in its cell, or after it (`before`: the line's text up to the label). */
function rateOf(label: string, after: string, before: string): string | null {
  const rate = RATE_BEFORE.exec(before.split(COLUMN_GAP).at(-1)!)?.[1] ?? PRINTED_RATE.exec(`${label} ${after}`)?.[1];
  return rate?.replace(',', '.') ?? null;
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
  return last >= 2 && k !== last && sumsTheRowsAbove(rows);
}

/** The last value of a column, not nought, is the sum of every value above it. */
function sumsTheRowsAbove(rows: AmountMatch[]): boolean {
  const last = rows.length - 1;
  return last >= 1 && rows[last]!.cents !== 0 && sumsTo(rows.slice(0, last).map((a) => a.cents), rows[last]!.cents);
}

/** A phrase that says no VAT is due (VAT_ABSENT) spans the VAT label at [start, end) of a folded line. */
function deniesVat(text: string, start: number, end: number): boolean {
  return [...text.matchAll(new RegExp(VAT_ABSENT.source, 'g'))].some((m) => m.index < end && start < m.index + m[0].length);
}
