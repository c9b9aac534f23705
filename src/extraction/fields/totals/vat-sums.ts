// The VAT readings a page offers: each VAT line alone, and the sums that may be the total VAT of
// an invoice at several rates.
import { MAX_VAT_RATES, type Candidate, type VatReading } from './candidate.ts';

export function vatSums(tva: Candidate[]): VatReading[] {
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
