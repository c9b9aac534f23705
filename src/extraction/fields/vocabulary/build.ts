// Turns per-language word lists into the regular expressions the field readers match with.
// A list holds one alternative per entry: a plain phrase or a short regex fragment, written as it
// reads in folded text (lower-case, accents stripped, "'" for every apostrophe; see text-normalise.ts).
import { DE } from './de.ts';
import { EN } from './en.ts';
import { FR } from './fr.ts';
import { NL } from './nl.ts';

/** A label and what a value next to it is; the weight says how sure that is (see labels.ts). */
export interface Label<R extends string> {
  role: R;
  re: RegExp;
  weight: number;
  /** The weight when the value sits beside the label on its line, if that says less than a value under it. */
  besideWeight?: number;
}

/** The lists a language may fill, by what they name (each is documented where labels.ts uses it). */
export type VocabularyList =
  // Amounts
  | 'htHeads' | 'htMarkers' | 'ttcHeads' | 'ttcMarkers' | 'exclusive' | 'taxNames' | 'netAmounts'
  | 'netTotals' | 'netWithoutVat' | 'netSums' | 'netPremiums' | 'vatBases' | 'vatTotals' | 'vatNames'
  | 'vatAmounts' | 'vatSpelled' | 'vatAbbreviations' | 'insuranceTaxes' | 'inclusiveTotals' | 'grossTotals'
  | 'btwTotals' | 'exclBtwTotals' | 'inclBtwTotals' | 'payableTotals' | 'bareGrossTotals' | 'amountsDue' | 'amountDecoys' | 'depositsAsked' | 'depositsPaid' | 'discounts' | 'afterDiscount' | 'vatAbsent'
  | 'zeroVatEvidence' | 'zeroVatParagraphs' | 'itemHeadings'
  // Dates
  | 'invoiceDateLabels' | 'signedDateLabels' | 'numberedTitleDates' | 'unnumberedTitleDates' | 'otherInvoiceMentions' | 'datedTitles' | 'datedWords'
  | 'dateWords' | 'lineEndDateWords' | 'letterDateWords' | 'titlesBeforeDate' | 'weekdays'
  | 'dueDateLabels' | 'otherDateLabels' | 'shortDateKinds' | 'dateQualifiers' | 'dateQualifiersBefore' | 'creditNoteTitles' | 'invoiceWords'
  // Invoice numbers
  | 'numberedTitles' | 'compoundTitles' | 'numberWords' | 'numberedDocuments' | 'numberLabels'
  | 'voucherNumbers' | 'cellNumberWords' | 'referenceWords' | 'notOurReference'
  | 'invoiceTitles'
  // Parties and documents
  | 'sellerHeadings' | 'customerLabels' | 'contactKeys' | 'legalForms' | 'spelledLegalForms' | 'titleWords'
  | 'registrations' | 'streetTypes';

/** The word lists of one language. A language leaves out what it has no words for. */
export type Vocabulary = { readonly [list in VocabularyList]?: readonly string[] };

/**
 * The languages, in the order their alternatives are tried. Order only matters where two
 * alternatives of one list can match at the same place with different lengths; the lists avoid
 * that (a longer phrase comes before its own prefix within a language).
 */
const LANGUAGES: readonly Vocabulary[] = [FR, EN, DE, NL];

/** Every language's entries of one list, in language order. */
export function words(list: VocabularyList): string[] {
  return LANGUAGES.flatMap((v) => v[list] ?? []);
}

/** One capturing group of alternatives: `(a|b|c)`. An empty list is a mistake, not a pattern that never matches. */
export function alt(alternatives: readonly string[]): string {
  if (!alternatives.length) throw new Error('an empty list of alternatives');
  return `(${alternatives.join('|')})`;
}

/** A list's alternatives, every language's, as one group. */
export function any(list: VocabularyList): string {
  return alt(words(list));
}

/**
 * A label whose pattern always starts at the beginning. A global RegExp keeps its lastIndex from one
 * use to the next: test() leaves it after a match and matchAll() starts from it, so one document's
 * last line decided where the next document's search started, and labels before it were missed.
 * Readers are synchronous, so resetting on each read is enough (a fresh RegExp per read costs more).
 */
export function label<R extends string>(role: R, weight: number, source: string, besideWeight?: number): Label<R> {
  const pattern = new RegExp(source, 'g');
  return {
    role,
    weight,
    besideWeight,
    get re() {
      pattern.lastIndex = 0;
      return pattern;
    },
  };
}
