// Whether the page charges VAT at a rate above nought, whatever amount it prints: a net equal to its
// total proves no VAT only where no such rate is printed (equation.ts, netEqualsTotal).
import { lineCells, type Cell, type Line } from '../../layout/lines.ts';
import { TAX_WORD } from '../labels.ts';
import { fold } from '../text-normalise.ts';

/** A rate above zero: "20 %", "8.25%", "0,5 %". */
const NONZERO_RATE = String.raw`(0*[1-9]\d?([.,]\d+)?|0[.,]\d*[1-9]\d*)\s*%`;
/** A VAT rate above zero printed beside its tax's name ("TVA 20 %", "MwSt. 19%"). */
const NONZERO_VAT_RATE = new RegExp(String.raw`\b(tva|vat|mws?st|ust|gst|sst|btw|tax)\b[^0-9%\n]{0,25}${NONZERO_RATE}`);
/** A cell that is a rate above zero and nothing else: "8.25%", "19 %". */
const NONZERO_RATE_CELL = new RegExp(String.raw`^\s*${NONZERO_RATE}\s*$`);
/** A heading names the tax in a few words, with no figure: "Tax rate", "TVA", "USt.". */
const TAX_HEADING_WORDS = 3;
/** How many rows under a heading its column is read. */
const ROWS_UNDER = 20;

const taxHeading = (cell: Cell) => TAX_WORD.test(fold(cell.text)) && !/\d/.test(cell.text) && cell.text.trim().split(/\s+/).length <= TAX_HEADING_WORDS;
const under = (value: Cell, heading: Cell, slack: number) => value.x <= heading.x1 + slack && value.x1 >= heading.x - slack;

/**
 * A rate above nought printed beside a tax's name, or in a column a tax's name heads (the items'
 * "Tax rate" column: "8.25%" on each row), on any page.
 */
export function chargesVat(lines: Line[]): boolean {
  if (lines.some((l) => NONZERO_VAT_RATE.test(fold(l.text)))) return true;
  // Each line's cells once, not once per heading above it.
  const cells = lines.map(lineCells);
  const rateCells = cells.map((row) => row.filter((c) => NONZERO_RATE_CELL.test(c.text)));
  return lines.some((line, i) => cells[i]!.filter(taxHeading).some((heading) =>
    lines.slice(i + 1, i + 1 + ROWS_UNDER).some((row, k) => row.page === line.page
      && rateCells[i + 1 + k]!.some((value) => under(value, heading, row.h)))));
}
