// Whether the page is titled a credit note, which says what sign its amounts must have.
import { COLUMN_GAP, type Line } from '../layout/lines.ts';
import { CREDIT_NOTE_TITLE } from './labels.ts';
import { fold } from './text-normalise.ts';

/**
 * A title stands in the top of the first page. Lower down, "Avoir n° AV-12 : -50,00" is a line of an
 * invoice that deducts an earlier credit note, not this document's title.
 */
const TITLE_SHARE = 0.4;

/** The first page's top holds a cell that is a credit note's title ("AVOIR", "Credit Note No. CN-7"). */
export function titledCreditNote(lines: Line[]): boolean {
  const first = lines.filter((l) => l.page === 1);
  const height = Math.max(...first.map((l) => l.y + l.h), 1);
  return first.some((l) => l.y < height * TITLE_SHARE && l.text.split(COLUMN_GAP).some((cell) => CREDIT_NOTE_TITLE.test(fold(cell))));
}
