// A candidate invoice date and what the date readers share (where a label starts and the cell
// before it are labelled-values.ts's, which the amounts' readers share too).
import type { DateMatch } from '../date-parser.ts';

/**
 * The label picks the date (an invoice-date label over a bare date, whatever OCR made of either);
 * how surely OCR read it then says how sure the date is.
 */
export type Candidate = {
  iso: string; otherWay?: string; yearFirst?: string; rank: number; confidence: number; weight: number; labelled: boolean; wordConf: number; explained?: boolean;
  /** Read from an item table's row (see labelled-dates.ts). */
  itemRow?: boolean;
  /** Its label names another invoice's date, a word in its cell says ("Original Invoice Date", "date de facture d'origine"). */
  anotherInvoice?: boolean;
  /**
   * Beside a label that opens its cell in the upper half of page 1, on a line with no time of day: the
   * page's own date, however weakly labelled; not "Arrival Date:", a footer's "Date: … 14:02", a
   * signature's "Date :".
   */
  heading?: boolean;
  /** Its label opens its cell in the upper half of page 1: the page's own, not a phrase inside a sentence or a footer. */
  prominent?: boolean;
  /** On a credit note, its label names an invoice ("Date de facture", "Rechnungsdatum"): maybe the corrected one's. */
  namesAnInvoice?: boolean;
  /** Its heading's cell is claimed by a due or other date's heading too: the row's unclaimed dates compete. */
  contestedBy?: string[];
  /** Unlabelled, in the upper half of page 1 (HEADER_AREA). */
  upper?: boolean;
  /** Under a bare "Date" heading ("Date" alone in its cell), not beside it. */
  bareHeading?: boolean;
  /** Unlabelled, after a key of its own the vocabulary does not know (UNKNOWN_DATE_KEY). */
  unknownKey?: boolean;
  /** Its value is claimed by a due or other date's label too, and its row has no other date: that label's, maybe. */
  sharedCell?: boolean;
};

export function candidate({ iso, otherWay, yearFirst }: DateMatch, weight: number, conf: number, penalty: number, labelled: boolean, wordConf: number): Candidate {
  return { iso, otherWay, yearFirst, rank: weight * (0.5 + 0.5 * conf) - penalty, confidence: weight * conf - penalty, weight, labelled, wordConf };
}


/** The wide space that parts two cells of a line (COLUMN_GAP), of which a label's own match may have taken a space. */
export const CELL_BREAK = '\u2003';

/** A time of day, "16:18" or "09:40:12": not the digits of a date, an amount or a reference ("T12:30", "POS1:23"). */
export const TIME_OF_DAY = /(?<![\p{L}\d:.,/-])([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?(?![\d:.,])/u;
