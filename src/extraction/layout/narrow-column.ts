// Whether a page's words form one narrow column of text, as a till receipt's do.
import type { TextRun } from './text-run.ts';

/**
 * How wide a column of text may be, in heights of its words, and still be a receipt's. Measured on
 * the first reading of pages (docs/benchmarks.md, "Session 16"): the corpus's tune-half receipts
 * span 20-29 word heights and generated receipts 27-36; invoices, Factur-X renders and French scans
 * 42-87, since an A4 line holds two to three times the characters of an 80 mm till roll.
 */
export const NARROW_COLUMN_HEIGHTS = 40;
/** Fewer words than this say nothing about a page's layout. */
const MIN_WORDS = 20;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

/**
 * The width of the page's text (from the 5th to the 95th percentile of its words' edges, so that a
 * stray mark in the margin does not count) over the median height of its words. Only words read with
 * some confidence count, and only those with two letters or digits: speckle read as "." or "'" has
 * the height of a speck.
 */
export function isOneNarrowColumn(runs: readonly TextRun[]): boolean {
  const words = runs.filter((r) => (r.conf ?? 1) > 0.5 && /[\p{L}\d]{2}/u.test(r.text));
  if (words.length < MIN_WORDS) return false;
  const height = quantile(words.map((r) => r.h), 0.5);
  const width = quantile(words.map((r) => r.x + r.w), 0.95) - quantile(words.map((r) => r.x), 0.05);
  return height > 0 && width / height < NARROW_COLUMN_HEIGHTS;
}
