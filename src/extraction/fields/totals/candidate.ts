// What the totals' readers share: an amount read for a role (a candidate), a reading of the VAT
// (one line, or several summed), and the weights that order them.
import type { Cents } from '../../../domain/money.ts';
import type { Line } from '../../layout/lines.ts';
import type { AmountRole } from '../labels.ts';

export interface Candidate {
  role: AmountRole;
  cents: Cents;
  score: number;
  lineIndex: number;
  /** Which label of its line it belongs to: a row of headings ("USt. 19% | USt. 7%") holds several. */
  labelAt: number;
  /** The VAT rate its label names ("TVA 5,5 %"), if any. */
  rate: string | null;
  /** A repaired reading (see readings(), labelled-amounts.ts): reported, trusted to validate only as `lostDecimals` allows. */
  repaired?: boolean;
  /** The repair put back a decimal point OCR lost ("172426 €" for 1 724,26): its digits are as printed. */
  lostDecimals?: boolean;
  /** Read in a column of values under a heading, not beside its own label. */
  inColumn?: boolean;
  /** In such a column, where the value stands (see sameCell). */
  valueAt?: ValueAt;
  /** In such a column, how many other values stand below this one (see otherRowsBelow, labelled-amounts.ts). */
  rowsBelow?: number;
  /** In such a column, a row above the last, which is the sum of the rows above it (see sumRowBelow, labelled-amounts.ts). */
  partOfSum?: boolean;
  /** OCR read the amount's own words so unsurely that it may be other digits (see DOUBTFUL_WORDS, labelled-amounts.ts). */
  doubtful?: boolean;
  /** Its label is a "net total" (see netTotalsAsTotals, derived-readings.ts), as a net or as the total it may be. */
  netTotal?: boolean;
  /** OCR cut its cents short ("RM79.2" for 79.25, amount-parser.ts): a looser guess than a whole reading. */
  cutCents?: boolean;
}

/** Where a value read down a column stands: its line, and the x its cell ends at (an amount ends its cell). */
export interface ValueAt { lineIndex: number; end: number }

/** Distinct TVA amounts whose sum may be the total VAT of a multi-rate invoice. */
export type VatReading = {
  cents: Cents; score: number; repaired?: boolean; lostDecimals?: boolean; unprinted?: boolean; rowsBelow?: number;
  /** A sum of VAT lines: the net their rates say they were charged on, with the rounding it may carry, and the tax of lines without a rate (see impliedNet). */
  impliedNet?: { cents: number; slack: number; unrated: number };
};

export const best = (list: Candidate[]) => list.reduce<Candidate | null>((b, c) => (!b || c.score > b.score || (c.score === b.score && c.lineIndex > b.lineIndex) ? c : b), null);

/** Amounts that add up to a total within a cent each: each may have been rounded on its own. */
export const sumsTo = (amounts: Cents[], total: Cents) => Math.abs(amounts.reduce((sum, c) => sum + c, 0) - total) <= amounts.length;

/** Read as printed: not repaired, not doubtful, its cents not cut short, above nothing. */
export const sure = (c: Candidate) => !c.repaired && !c.doubtful && !c.cutCents && c.cents > 0;

/** Two values read down two columns are one printed cell: the same line, the same end (within a character's height). */
export const sameCell = (a: Candidate, b: Candidate, lines: Line[]) => a.valueAt !== undefined && b.valueAt !== undefined
  && a.valueAt.lineIndex === b.valueAt.lineIndex && Math.abs(a.valueAt.end - b.valueAt.end) < lines[a.valueAt.lineIndex]!.h;

/** Any cell of a row, its label unread: too weak to validate alone, only an equation can pick it. */
export const ANY_CELL_PENALTY = 0.4;
/** The VAT read as zero only because none is printed: a weak reading for review. */
export const NO_VAT_PRINTED = 0.3;
/** A second consistent reading scoring within this of the best makes the page ambiguous. */
export const RIVAL_MARGIN = 0.2;
/** France has four VAT rates, Germany two: more lines than this are no per-rate breakdown. */
export const MAX_VAT_RATES = 4;
/** How much looser a guess is when its amount was repaired, read down a column or cut short (see guessed-totals.ts). */
export const LOOSE_GUESS = 0.05;

// OCR reads a receipt's "GST" as "6ST"; its "GST @ 6% INCLUDED IN TOTAL" says so by the rate alone.
export const TAX_INCLUDED = /\b(inc|incl|included|inclusive|dont)\b\.?\)?\s*(of\s+)?(\d+(\.\d+)?\s*%\s*)?(gst|vat|tax|tva|sst)\b|\b(gst|6st|vat|tax|tva|sst)\b(?:(?!\bnot\b).){0,12}\bincluded\b|@\s*\d+(\.\d+)?\s*%\s*included\b/;
