// Amounts that prove nothing may hold one digit OCR misread: "Total Amount Payable : 19.50" on a
// till receipt whose GST summary reads 75.00 and 4.50 (79.50 printed), "TOTAL (GST INCL) 46,51"
// for 46,31. Page segmentation reads such a row amid its neighbours; read again alone, as one line
// in a strip of its own (row-again.ts), it often reads as printed. The rows that print an amount
// beside its label, or beside a rate, are read again, and the page's words with them read again:
// that reading is kept when its amounts then prove each other, as a first reading's must, or when
// it finds the total the page's reading did not ("SUBTOTAL 34.150" for 34.50): shown, for review.
import { buildLines, type Line } from '../layout/lines.ts';
import type { TextRun } from '../layout/text-run.ts';
import { findLabels } from '../fields/labelled-values.ts';
import { AMOUNT_LABELS } from '../fields/labels.ts';
import { readFields } from '../fields/read-fields.ts';
import { amountsProven } from '../checks/decision.ts';
import type { ExtractedInvoice } from '../types.ts';
import { combineReadings } from './combine-readings.ts';
import type { OcrEngine } from './ocr-engine.ts';
import type { PagesRead, TimeStage } from './pages-read.ts';
import { withRowReadAgain } from './row-again.ts';
import { lineReader } from './second-looks.ts';

/** An amount as rows print it, or misread with a digit too many: digits, a separator, two decimals or more ("79.50", "34.150"). */
const AMOUNT = /\d[.,]\s?\d{2}/;
/** A rate ("6%", "20 %", "@6%"): the rows of a VAT summary print one beside the base and the tax. */
const RATE = /\d\s?%/;
/**
 * Rows read again at most: a totals block and a VAT summary hold a handful (about 30 ms a strip);
 * a page with more labelled amounts than this is a table of items, not what went wrong.
 */
const MAX_ROWS = 8;

/**
 * The reading, or when its amounts prove nothing, the page's words with the rows of its labelled
 * amounts and rates read again, if those then prove their amounts or find its missing total:
 * combined with it as any two readings are, the proven or more complete amounts win.
 */
export async function withAmountRowsReadAgain(invoice: ExtractedInvoice | null, runs: TextRun[], auto: PagesRead, ocr: OcrEngine, time: TimeStage): Promise<ExtractedInvoice | null> {
  if (!invoice || amountsProven(invoice)) return invoice;
  const rows = amountRows(buildLines(runs));
  if (!rows.length) return invoice;
  let again = runs;
  await time('amount-rows', async () => {
    for (const row of rows) {
      const image = auto.images.find((img) => img.page === row.page);
      if (image) again = (await withRowReadAgain(again, row, image.grey, lineReader(ocr, row.page))) ?? again;
    }
  });
  if (again === runs) return invoice;
  const read = await time('fields', () => readFields(again));
  // A total found where the page's reading found none is shown for review, proven or not.
  const totalFound = invoice.fields.montant_ttc === null && read.fields.montant_ttc !== null;
  return amountsProven(read) || totalFound ? combineReadings(invoice, read) : invoice;
}

/** The rows that print an amount after an amount's label or beside a rate, from the bottom up (totals end a page). */
export function amountRows(lines: Line[]): Line[] {
  const labelled = new Set(findLabels(lines, AMOUNT_LABELS).filter((h) => AMOUNT.test(h.after)).map((h) => h.lineIndex));
  const rows = lines.filter((line, i) => labelled.has(i) || (RATE.test(line.text) && AMOUNT.test(line.text)));
  return rows.reverse().slice(0, MAX_ROWS);
}
