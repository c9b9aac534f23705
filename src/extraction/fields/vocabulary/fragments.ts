// Structural pieces of label patterns: not words of one language, but where a label may stand.

/**
 * A cell boundary: lines join their cells with an em space (COLUMN_GAP in layout/lines.ts), so a
 * label "opening a cell" follows the line's start or an em space, and OCR may have read the table's
 * border before it as a bar or a bracket ("| TOTAL   £24,360.65 |").
 */
export const CELL_START = String.raw`(^|\u2003)(?:\s*[|\[\]])?`;
/** The same as a lookbehind, where the match itself must start at the label. */
export const AFTER_CELL_START = String.raw`(?<=^|\u2003\s?)`;
/** The value is the next cell: spaces, the em space of a column gap, then a digit. */
export const NEXT_CELL_IS_NUMBER = String.raw`(?=\s*\u2003\s*\d)`;
/** The label is a whole cell: nothing but spaces before the next column gap. */
export const WHOLE_CELL = String.raw`\s*(?=\u2003)`;
/** A letter before the word would make it part of another word; an apostrophe or hyphen, another word's date ("Liefer-Datum"). */
export const NOT_INSIDE_A_WORD = String.raw`(^|[^a-z'-])`;

/** "(excl. USt.)", "(inkl. MwSt.)": part of the label before it, not a VAT label of its own. */
export const VAT_QUALIFIER = String.raw`(\s*\(\s*(excl|exkl|inkl|incl|zzgl|hors|ohne|mit)\.?\s*(ust|mwst|vat|tva|taxes?)\.?\s*\))?`;

/** An opening bracket before a tax's qualifier, as OCR may read it on a till receipt: "(", "[", "{", "'", "|", or lost. */
export const OPEN_BRACKET = String.raw`[(\[{'|]?`;

/** "(380)": the UN/CEFACT document type code some German invoices print after their title. */
export const DOCUMENT_TYPE_CODE = String.raw`\(\d{3}\)`;

/** A date written as a value: "5 septembre 2025", "24. Januar 2014", "12/03/2025". */
export const SPELLED_OR_NUMERIC_DATE = String.raw`\d{1,2}(er|\.)?\s+[a-z]{3,}\.?\s+\d{4}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b`;
