// Label knowledge: what a value next to a label is, and how sure that is. The words live in
// per-language lists (vocabulary/fr.ts, en.ts, de.ts, nl.ts); this file says where they may stand
// and how much each kind of label weighs. Patterns match folded text (see text-normalise.ts).
//
// A weight ranks labels against each other: where two labels overlap on a line the heavier one
// is kept ("Total TTC" over "Total"), and a date or number takes its label's weight into its rank.
import { alt, any, label, words, type Label, type VocabularyList } from './vocabulary/build.ts';
import { AFTER_CELL_START, CELL_START, DOCUMENT_TYPE_CODE, NEXT_CELL_IS_NUMBER, NOT_INSIDE_A_WORD, OPEN_BRACKET, WHOLE_CELL } from './vocabulary/fragments.ts';

export type { Label } from './vocabulary/build.ts';

export type AmountRole = 'ht' | 'tva' | 'ttc' | 'due';

/** Names the amount and its tax basis outright: "Total HT", "Montant de la TVA", "Net à payer". */
const EXPLICIT_AMOUNT = 1;
/** Names it in other words, or by the tax's own name: "Amount excl. VAT", "Steuerbetrag", "VAT". */
const PHRASED_AMOUNT = 0.95;
/** Usually that amount, not always: "Sous-total", "Netto", "T.V.A.", "Total payable". */
const USUAL_AMOUNT = 0.9;
/** Stands in its place on some invoices: a VAT base, an insurance premium and its tax. */
const STAND_IN_AMOUNT = 0.85;
/** A bare "Total" or "Totaal": the total, unless a heavier label overlaps it. */
const BARE_TOTAL = 0.7;

/**
 * After "TVA", these make it the VAT number's label ("TVA intracommunautaire", "TVA n°"), or part of
 * a total's label ("Total TVA comprise").
 */
const FRENCH_VAT_ID = ['intra', 'n°', String.raw`no\b`, 'num', 'compris'];
/** After "VAT" or "USt", these make it a VAT number's label or a total's qualifier ("VAT reg", "VAT incl", "VAT exc."). */
const VAT_ID_OR_QUALIFIER = ['-?id', String.raw`no\b`, 'n°', 'number', 'reg', 'nr', 'identif', 'incl', String.raw`inc\b`, 'excl', String.raw`exc?\b`];
/** "TVA non applicable" is an exemption; "TVA : FR12…" a VAT number. */
const FRENCH_VAT_NOT_AMOUNT = [...FRENCH_VAT_ID, 'non applicable', String.raw`:?\s*fr\s?\d`];
/** "enthält 19 % Versicherungsteuer", "dont taxe …": part of a net that carries no VAT. */
const INCLUDES = ['enthalt', String.raw`inkl\.?`, String.raw`incl\.?`, 'including', 'dont'];
/** "Total" followed by these is another total ("Total HT", "Total discount", "Total qty"). */
const NOT_THE_TOTAL = ['ht', String.raw`h\.t`, 'hors', 'tva', String.raw`t\.v\.a`, 'vat', 'tax', 'net', 'excl', 'qty', 'quantity', 'items?', 'discount', 'remise'];

export const AMOUNT_LABELS: Label<AmountRole>[] = [
  label('ht', EXPLICIT_AMOUNT, String.raw`\b${any('htHeads')}\s*(net\s*)?${any('htMarkers')}(?![a-z])`),
  // "Sales (Excluding GST)" too, as OCR leaves a till's "Total Sales (Excluding GST)" when it loses "To";
  // its "(" may read "'", "[" or "|".
  label('ht', PHRASED_AMOUNT, String.raw`\b(total(\s+sales)?|sales)\s*${OPEN_BRACKET}\s*${any('exclusive')}\b([^0-9]{0,15}?${any('taxNames')})?|\b${any('netAmounts')}`),
  label('ht', USUAL_AMOUNT, String.raw`\b${any('netTotals')}\b`),
  label('ht', PHRASED_AMOUNT, String.raw`\b${any('netWithoutVat')}`),
  label('ht', PHRASED_AMOUNT, String.raw`\b${any('netSums')}`),
  label('tva', EXPLICIT_AMOUNT, String.raw`\b${any('vatTotals')}\b(?!\s*${alt(FRENCH_VAT_ID)})`),
  // Not the tax a net or a total is said to exclude or include: "(Excluding GST)", "incl. VAT", and
  // "Total inc. = | VAT" where OCR read a boxed cell's border as a mark between the two. A closing
  // bracket ends the qualifier: "(Inclusive) GST 6 %   23.70" is the tax a till's total includes.
  label('tva', PHRASED_AMOUNT, String.raw`(?<!\b(excl\w*|exc|ex|incl\w*|inc|w/o|without|before|with)\.?\s*([^\w\s)\]]{1,2}\s*)?(of\s+)?)\b(total\s+)?${any('vatNames')}(\s+(amount|total))?\b(?!\s*${alt(VAT_ID_OR_QUALIFIER)})`),
  label('tva', EXPLICIT_AMOUNT, String.raw`\b${any('vatSpelled')}\b`),
  label('tva', PHRASED_AMOUNT, String.raw`\b${any('btwTotals')}`),
  label('ht', EXPLICIT_AMOUNT, String.raw`\b${any('exclBtwTotals')}\b`),
  label('ttc', EXPLICIT_AMOUNT, String.raw`\b${any('inclBtwTotals')}\b`),
  label('ht', STAND_IN_AMOUNT, String.raw`\b${any('vatBases')}\b`),
  label('ht', STAND_IN_AMOUNT, String.raw`\b${any('netPremiums')}\b`),
  label('tva', PHRASED_AMOUNT, String.raw`\b${any('vatAmounts')}\b`),
  // Insurance tax stands in the VAT's place on an insurance invoice (net + tax = total) and is its
  // tax total; "includes 19 % insurance tax" is part of a net that carries no VAT.
  label('tva', STAND_IN_AMOUNT, String.raw`(?<!\b${alt(INCLUDES)}\s*(\d+\s*%\s*)?)\b${any('insuranceTaxes')}\b`),
  label('tva', USUAL_AMOUNT, String.raw`\b${any('vatAbbreviations')}(\b|(?=\d))(?!\s*${alt(FRENCH_VAT_NOT_AMOUNT)})`),
  label('ttc', EXPLICIT_AMOUNT, String.raw`\b${any('ttcHeads')}\s*(net\s*)?${any('ttcMarkers')}(?![a-z])`),
  label('ttc', EXPLICIT_AMOUNT, String.raw`\b${alt([...words('inclusiveTotals'), ...words('grossTotals')])}`),
  // A bare total opens its cell, or is followed by a colon (not a "Sub-total:"); "Totaal" likewise.
  label('ttc', BARE_TOTAL, String.raw`${CELL_START}\s*totaal\b(?!\s*(excl|exclusief|btw))|(${CELL_START}\s*|(?<!(sub|sous)[- ]?)\b(?=total\s*:))total\b(?!\s*${alt(NOT_THE_TOTAL)})`),
  label('ttc', USUAL_AMOUNT, String.raw`${CELL_START}\s*${any('bareGrossTotals')}\b`),
  // Receipts print their one total as "Total Payable".
  label('ttc', USUAL_AMOUNT, String.raw`\b${any('payableTotals')}\b`),
  // What remains to pay: after a deposit, not the TTC.
  label('due', EXPLICIT_AMOUNT, String.raw`\b${any('amountsDue')}\b`),
];

// Values next to these are never totals: deposits, discounts, fees, carried-forward subtotals.
export const AMOUNT_DECOYS = new RegExp(String.raw`\b${any('amountDecoys')}\w*`);

/** A part of the order billed now, as a deposit invoice asks it: "Acompte 30 % à la commande", "1. Abschlag". */
export const DEPOSIT_ASKED = new RegExp(String.raw`\b${any('depositsAsked')}\b`);

/** A deposit said to be paid already, or deducted: "Acompte versé", "Deposit received", "abzgl. Anzahlung". */
export const DEPOSIT_PAID = new RegExp(String.raw`\b${any('depositsPaid')}\b`);

/** A price cut: "Remise", "Rabais", "Discount", "Promo", "Coupon", "Rabatt", "Nachlass" (a voucher pays, and is none). */
export const DISCOUNT = new RegExp(String.raw`\b${any('discounts')}`);

/** A line's own words say it bears no VAT: "Débours non soumis à TVA", "outside the scope of VAT", "ohne USt.". */
export const VAT_ABSENT = new RegExp(String.raw`\b${any('vatAbsent')}\b`);

/** A total that names the discount as taken already: "Total TTC après remise", "Total after discount", "nach Rabatt". */
export const AFTER_DISCOUNT = new RegExp(String.raw`\b${any('afterDiscount')}\b`);

/** "Service Charge 10%", "SVC CHG 10%", "Service Chg (10%)", "Frais de service": a charge, taxed with the net, no tax. */
export const SERVICE_CHARGE = /\b(service|svc|serv)\.?\s*(charges?|chg|chrg|ch)\b|\bfrais\s+de\s+service\b/;

/** A tax's name: a VAT summary's row prints it, or the heading above it does ("GST Summary", "Détail TVA"). */
export const TAX_WORD = /\b(tva|vat|gst|sst|tax|taxe|taxes|mwst|ust|iva|btw|steuer|umsatzs?steuer)\b/;

/** A heading of a table of line items ("Désignation", "Qty", "Menge"), as a whole cell or its first words. */
export const ITEM_HEADING = new RegExp(String.raw`${CELL_START}\s*${any('itemHeadings')}\b`);

export const ZERO_VAT_EVIDENCE = new RegExp(String.raw`\b${any('zeroVatEvidence')}\b|${any('zeroVatParagraphs')}\b`);

export type DateRole = 'invoice' | 'decoy' | 'due';

/** A label that says it is the invoice's date: "Date de facture", "Rechnungsdatum", "Facture N° 12 du". */
export const EXPLICIT_DATE = 1;
/** The document's title and number, then "vom", "dated": "Rechnung Nr. 4711 vom". */
const TITLE_DATED = 0.9;
/** A bare "Date" that is a whole cell in a row of headings, beside the due date's. */
const DATE_HEADING_CELL = 0.9;
/** A bare "Date" beside or above its value. */
export const BARE_DATE = 0.85;
/** A letter's date ("Nantes, le 5 septembre 2025") or a title word directly before a date. */
const LETTER_DATE = 0.85;
/** "Fait le …" where the invoice is signed off: its date, though not labelled as the invoice's. */
const SIGNED_DATE = 0.9;
/** Due, delivery, order, period dates: the readers use their role, the weight only settles overlaps. */
const OTHER_DATE = 1;
/**
 * From this weight up, an invoice-date label names the document's own date (explicit, title dated,
 * heading cell, signed); under it (a bare "Date", a letter's "le") it only suggests one. The
 * validation gate asks more of the weaker ones (invoice-date.ts, DateEvidence).
 */
export const NAMES_THE_INVOICE_DATE = Math.min(TITLE_DATED, DATE_HEADING_CELL, SIGNED_DATE);

/** "N° 12", "Nr. 4711", "#12" between a title and "vom". */
const DATED_NUMBER_MARK = String.raw`(nr\.?|n[°o]\.?|no\.?|number|#)`;
/**
 * A title, its number, then "vom" or "dated": "Rechnung Nr. 4711 vom", "Invoice INV-12 dated". A word
 * may qualify the title before its document type code ("Schlussrechnung Bau (877) Nr. 210113 vom"),
 * not otherwise: "Rechnung gemäß Bestellung vom" dates the order.
 */
const DATED_TITLE = String.raw`${any('datedTitles')}\b(\s+[a-z]{2,20}\s*(?=${DOCUMENT_TYPE_CODE}))?(\s*${DOCUMENT_TYPE_CODE})?(\s*${DATED_NUMBER_MARK}?\s*[\w/.-]*\d[\w/.-]*)?\s+${any('datedWords')}\b`;

/** The whole dates a letter's date line prints: "5 septembre 2025", "April 28, 2026", "12/03/2025", "26-Sep-2026", "2025-12-20". */
const LETTER_DATE_FORMS = String.raw`(${any('weekdays')}\s+)?\d{1,2}(er|\.)?\s+[a-z]{3,}\.?\s+\d{4}|[a-z]{3,}\.?\s+\d{1,2}(st|nd|rd|th)?,\s*\d{4}\b|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\d{1,2}-[a-z]{3,}\.?-\d{4}\b|\d{4}-\d{2}-\d{2}\b`;

/**
 * A list's alternatives, where OCR may read a speck of the paper as a mark at any space of them
 * ("Établie ; le", "À ; régler avant le", "du ; 12/03"): a label still, whatever its words. (Curly
 * quotes are folded to "'" before labels are read.)
 */
const withSpecks = (list: VocabularyList) => any(list).replaceAll(String.raw`\s+`, String.raw`\s+(?:[;,.']\s+)?`);

export const DATE_LABELS: Label<DateRole>[] = [
  label('invoice', EXPLICIT_DATE, String.raw`\b${withSpecks('invoiceDateLabels')}\b`),
  // "Facture N° F-12 du 28/07/2025" in a footer (as strong as the "du 12/…" of a period it overlaps);
  // "sur facture N° … du", "la facture N° … du" name the invoice a credit note corrects.
  label('invoice', EXPLICIT_DATE, String.raw`(?<!\b${any('otherInvoiceMentions')}\s+)\b${any('numberedTitleDates')}\b`),
  // "Facture FA-2026-0142 du 12/03/2026": a title, as strong as the "du 12/…" of a period it overlaps.
  label('invoice', EXPLICIT_DATE, String.raw`(?<!\b${any('otherInvoiceMentions')}\s+)\b${any('unnumberedTitleDates')}\b`),
  // "Handelsrechnung (380) Nr. 471102 vom": the title, its number, its date; not "Rechnung gemäß
  // Taxifahrt vom", which dates the service invoiced.
  label('invoice', TITLE_DATED, String.raw`(?<!\b${any('otherInvoiceMentions')}\s+)\b${DATED_TITLE}`),
  // The invoice a credit note corrects, with its date: "Korrektur der Rechnung RE-12 vom 8. Juli",
  // "Credit against invoice INV-12 dated …". Its date is accounted for: it competes with no other.
  label('decoy', OTHER_DATE, String.raw`\b${any('otherInvoiceMentions')}\s+${DATED_TITLE}`),
  // A bare "Date": at the end of its line, before a colon (which OCR may read ";" or a quote mark),
  // beside its value, or opening a cell with the date after it. "Vertrags-Datum", "Liefer-Datum": a
  // hyphen makes it another word's date.
  label('invoice', BARE_DATE, [
    String.raw`${NOT_INSIDE_A_WORD}${any('dateWords')}\s*[:.]?\s*$`,
    // "le", "dated" ending a line open their cell, or follow a letter's place ("Nantes, le"): ending a
    // sentence ("Paiement au plus tard le", its words garbled), they date nothing the page is.
    String.raw`(?<=(^|\u2003\s?|,\s?))${any('lineEndDateWords')}\s*[:.]?\s*$`,
    String.raw`${NOT_INSIDE_A_WORD}${any('dateWords')}\s*[:.;\u2018]`,
    String.raw`${NOT_INSIDE_A_WORD}${any('dateWords')}${NEXT_CELL_IS_NUMBER}`,
    String.raw`${AFTER_CELL_START}${any('dateWords')}\s+(?=\d)`,
  ].join('|')),
  // The heading names its column's date; the same cell beside a date on its own line ("Date | 02/03")
  // is a bare "Date", which OCR leaves when it loses the word after it ("Date d'échéance").
  label('invoice', DATE_HEADING_CELL, String.raw`${AFTER_CELL_START}${any('dateWords')}${WHOLE_CELL}`, BARE_DATE),
  // The date of a French letter ("Nantes, le 5 septembre 2025", "Le lundi 21 novembre 2022"), and a
  // title word directly followed by a date ("Beitragsrechnung 24. Januar 2014"): a spelled-out date
  // ("5 septembre 2025", "24. Januar 2014") or a numeric one ("12/03/2025").
  // An English letter has no word at all: "Manchester, 26-Sep-2026" or "Edinburgh, April 28, 2026"
  // opening its cell, the date in the same cell ("LONDON Schreibtischstuhl,   02/17/26" is an item and
  // the date of its own column).
  label('invoice', LETTER_DATE, String.raw`(${AFTER_CELL_START}(([a-z][a-z' -]{1,40},\s*)?${any('letterDateWords')}\s+|[a-z][a-z' -]{1,40}, ?)|\b[a-z]*${any('titlesBeforeDate')}\s+)(?=${LETTER_DATE_FORMS})`),
  label('invoice', SIGNED_DATE, String.raw`\b${withSpecks('signedDateLabels')}\b`),
  label('due', OTHER_DATE, String.raw`\b${withSpecks('dueDateLabels')}\b`),
  label('decoy', OTHER_DATE, String.raw`\b${withSpecks('otherDateLabels')}\w*`),
];

/**
 * The plain words of due, delivery, order and period date labels ("echeance", "livraison", "delivery",
 * "order", and "due" of "Due Date"): one of them, one letter off, before a bare "Date" ("Dolivery
 * date", "Duo Date") makes it that date.
 */
export const OTHER_DATE_WORDS: readonly string[] = [...words('dueDateLabels'), ...words('otherDateLabels'), ...words('shortDateKinds')].filter((w) => /^[a-z]{3,}$/.test(w));
/** A date word alone, as matched ("date ", "Datum"): a bare "Date" (the vocabulary's single words, not "Date et heure"). */
export const BARE_DATE_WORD = new RegExp(String.raw`^\s*${alt(words('dateWords').filter((w) => /^[a-z]+$/.test(w)))}\s*$`);
/**
 * A key that names some date the vocabulary does not know, as a cell before its date: "Date" or
 * "Datum" and words ("Date de factnre :", OCR's garbling of "facture"; "Datum der Lieferung").
 */
export const UNKNOWN_DATE_KEY = new RegExp(String.raw`^\W*${any('dateWords')}\s+[a-z'][a-z'.\s]{2,30}[:;.]?\s*$`);
/** A letter's date word alone, as matched ("le "): without its place ("Nantes, le"), the word any sentence may hold. */
export const LETTER_DATE_WORD = new RegExp(String.raw`^${any('letterDateWords')}\s+$`);
/** A weekday as a spelled date may open with it: "vendredi 5 septembre 2025", "Monday, 3 March 2025". */
export const WEEKDAY = new RegExp(String.raw`^${any('weekdays')},?$`);
/** "Facture N° F-12 du", "Rechnung Nr. 4711 vom" as matched: a title with its number, dated. */
export const NUMBERED_TITLE = new RegExp(String.raw`^(${any('numberedTitleDates')}|${DATED_TITLE})$`);
/** "Facture FA-2026-0142 du" as matched (a title without its "N°"), which may name another invoice too. */
export const UNNUMBERED_TITLE = new RegExp(String.raw`^${any('unnumberedTitleDates')}$`);

/** Words after a date label that make it another document's or period's date ("date de facture associée"). */
export const DATE_QUALIFIERS = new RegExp(String.raw`^\W*${any('dateQualifiers')}\b`);
/** Words just before a date label that make it another invoice's date ("Next billing date", "Prochaine date de facturation"). */
export const DATE_QUALIFIERS_BEFORE = new RegExp(String.raw`\b${any('dateQualifiersBefore')}\s*$`);
/**
 * A cell that titles the page a credit note: the title alone, or with its number ("AVOIR N° AV-12",
 * "Gutschrift Nr. GS-12", "Credit Note: CN-7"); not "Avoir sur facture n° …", which names the
 * corrected invoice, nor a line of a text.
 */
export const CREDIT_NOTE_TITLE = new RegExp(String.raw`^\W*${any('creditNoteTitles')}\b(\s*$|\s*[:#]|\s+(n[°o]|nr|no|num)(?![a-z])|\s+[a-z]{0,4}[-/]?\d)`);
/** A date label that names an invoice ("Date de facture", "Rechnungsdatum", "Invoice date"), not a credit note nor the bare document. */
export const NAMES_AN_INVOICE = new RegExp(String.raw`\b${any('invoiceWords')}`);
/**
 * A page from outside the United States, though priced in "$": a tax of a day-first country charged
 * on a line with its amount ("GST 10% $25.00", "VAT 20% $80.00"), or an Australian business number.
 * Not Canada's HST, PST or QST (Canada writes dates both ways), nor a customer's VAT number, nor a
 * company's form, which may be a customer's ("Bill To: Harrow & Finch Ltd").
 */
export const OUTSIDE_THE_US = { tax: /\b(gst|vat|tva|mwst|ust|iva|btw)\b/, registration: /\b(abn|acn)\b/ };

/** Headings that open the seller's block: the next lines name the seller. */
export const SELLER_HEADINGS = new RegExp(String.raw`^\W*${any('sellerHeadings')}(\s+(trade\s+)?name|\s+nom)?\s*:?\s*$`);

/** Names the invoice's number outright: "Facture n°", "Numéro de facture", "Rechnungsnummer". */
const EXPLICIT_NUMBER = 1;
/** A German "Belegnummer" (voucher number): under the full labels. */
const VOUCHER_NUMBER = 0.9;
/**
 * The weakest label that may have its number under it, in a row of headings ("Beleg-Nr. | Datum"
 * over "R-12 | 03.02.2025"); under a bare "No." is a table's column of line numbers.
 */
export const NUMBER_HEADING = VOUCHER_NUMBER;
/** A bare "N°" or "Numéro" opening a cell. */
export const BARE_NUMBER_CELL = 0.8;
/**
 * "Réf. facture", "Référence de la facture", "Invoice reference": a reference that says it is the
 * invoice's, as sure as a voucher number, so that it may head its value too ("Réf. facture | Établie
 * le" over "FA-12 | 11/11/2024").
 */
const INVOICE_REFERENCE = NUMBER_HEADING;
/** "Référence", "Ref.": ours, not the customer's or the order's. */
const REFERENCE = 0.7;
/** The document's title word directly followed by the number ("Invoice 2024-118"). */
const TITLE_BEFORE_NUMBER = 0.6;

/**
 * Words by which a document names another invoice than itself: "sur (notre) facture", "zur (Ihrer)
 * Rechnung", "Korrektur der Rechnung", "against invoice"; not "unter Angabe der Rechnungsnummer".
 */
const REFERS_TO = String.raw`(sur|zur|against|(korrektur|storno|stornierung|berichtigung|gutschrift)[ \t]+der)([ \t]+(la|der|notre|votre|(ihre|unsere)[rn]?|our|your))?`;
/** "n°", "No.", "Nr.", "Nummer", "#", "ID" after a title word. */
const NUMBER_MARK = String.raw`(n[°o]\.?|no\.?|num(ero|ber)?\.?|#|nr\.?|-?nummer|-?nr\.?|id)`;
/**
 * A mark ends before a letter only after its sign, and only before a reference with a digit in it
 * ("Facture n°FAC-01312", "Invoice #INV-0007"): a mark of letters may begin a word ("Facture notes",
 * "Invoice identifier"), and a sign glued to a word names another number ("Invoice #PO", "N°TVA").
 */
const MARK_END = String.raw`(?:(?<=[°#])(?=[a-z]*[-/_.]?\d)|(?![a-z]))`;

/**
 * Invoice-number labels, strongest first. A title word alone in its cell ("Facture   51 place de
 * Verdun") labels nothing. Lookaheads use [ \t], not \s: \s would also cross a column gap (an em space).
 */
export const NUMBER_LABELS: Label<'number'>[] = [
  label('number', EXPLICIT_NUMBER, [
    // Not the invoice a credit note corrects: "Avoir sur facture n° FA2412-862", "Gutschrift zur Rechnung Nr.".
    String.raw`(?<!\b${REFERS_TO}[ \t]+)(\b${any('numberedTitles')}|${any('compoundTitles')})[ \t]*(${DOCUMENT_TYPE_CODE}[ \t]*)?${NUMBER_MARK}${MARK_END}`,
    // "Numéro de facture", "N° d'avoir", "Numéro de la pièce".
    String.raw`\b${any('numberWords')}\.?[ \t]*(de[ \t]+|d')?(la[ \t]+)?${any('numberedDocuments')}\b`,
    String.raw`(?<!\b${REFERS_TO}[ \t]+)\b${any('numberLabels')}`,
  ].join('|')),
  label('number', VOUCHER_NUMBER, String.raw`\b${any('voucherNumbers')}(?![a-z])`),
  // "Réf. facture", "Invoice reference": the reference says whose it is.
  label('number', INVOICE_REFERENCE, String.raw`${CELL_START}[ \t]*(${any('referenceWords')}\b\.?[ \t]*(de[ \t]+la[ \t]+)?(facture|invoice)|${any('invoiceTitles')}[ \t]+${any('referenceWords')})\b\.?[ \t]*:?(?![ \t]*${any('notOurReference')})`),
  // Not letters glued to digits: "NR2 1RT" is a British postcode, where "N° 2" and "Nr.2" are labels.
  label('number', BARE_NUMBER_CELL, String.raw`${CELL_START}[ \t]*${any('cellNumberWords')}\.?(?![a-z])(?!(?<=[a-z])\d)`),
  // "Référence de la facture :", "Invoice reference"; not "Votre référence", "Référence client", nor
  // an article's reference inside a line's description ("Câble RJ45 - réf. 70"). A dot after the
  // word is taken whole: backing off it would let "Réf. commande" pass the lookahead.
  label('number', REFERENCE, String.raw`(${CELL_START}[ \t]*|\b${any('invoiceTitles')}[ \t]+)${any('referenceWords')}\b(\.|(?!\.))[ \t]*((de[ \t]+la[ \t]+)?(facture|invoice)\b)?[ \t]*:?(?![ \t]*${any('notOurReference')})`),
  // Not "Date de facture 12/03": a date's label, not the number's.
  label('number', TITLE_BEFORE_NUMBER, String.raw`(?<!date[ \t](de[ \t])?|\b${REFERS_TO}[ \t]+)\b${any('invoiceTitles')}\b(?=[ \t]*[:.]?[ \t]*[a-z]{0,4}[-/]?\d)`),
];

/** A party block's key, alone in its cell ("Ansprechpartner", "Contact person:"): never a name. */
export const CONTACT_KEY_CELL = new RegExp(String.raw`^\W*${any('contactKeys')}\s*:?\s*$`);

export const CUSTOMER_LABELS = new RegExp(String.raw`\b${any('customerLabels')}\b`);

/**
 * Legal forms, abbreviated ("SAS", "GmbH & Co. KG", "Ltd."), as a whole word, with a capital: written
 * all in lower case they are words ("sa", "ei"), or OCR's reading of noise ("sa -QST gen").
 */
export const LEGAL_FORMS = new RegExp(String.raw`(?:^|[\s,(])(?=[\p{L}.&]*(?-i:\p{Lu}))${any('legalForms')}(?=$|[\s,.)])`, 'iu');

/** A dash that is no separator before the mentions: the name's legal form follows it ("Belora Express - SAS"). */
export const DASH_BEFORE_LEGAL_FORM = new RegExp(String.raw`\s-\s(?=${any('legalForms')}(?:$|[\s,.)]))`, 'gi');

/** Legal forms written out, as French legal mentions print them (matched in folded text). */
export const SPELLED_LEGAL_FORMS = new RegExp(String.raw`^\W{0,4}${any('spelledLegalForms')}`);

/** A company's registration in the legal mentions: "SIRET", "N° SIREN", "RCS". */
export const REGISTRATION = new RegExp(String.raw`\b${any('registrations')}\b`);
/** The legal mentions right after a name: "Léa Moreau - N° SIRET 123 …", "Léa Moreau, RCS Brest …". */
export const REGISTRATION_AFTER_NAME = new RegExp(String.raw`^\s*[-–—,]?\s*${any('registrations')}\b`);
/** A line of legal mentions that opens with a name, as a sole trader's does (no capital, no legal form). */
export const NAME_THEN_REGISTRATION = new RegExp(String.raw`^[^\d:]{4,60}?\s[-–—,]\s*${any('registrations')}\b`);

/**
 * A street address: a number then the street's kind ("81 chemin du Moulin", "12 bis rue Pasteur",
 * "4 Station Road" with the kind after a name, "No. 33, Lorong Perdana 3"), or the kind then the
 * number ("Lindenstraße 4").
 */
export const STREET_ADDRESS = new RegExp(String.raw`^((no|lot)\.?\s*)?\d+\s*(bis|ter|[a-z]\b)?\s*,?\s+([a-z'-]+\s+){0,3}?${any('streetTypes')}(?![a-z])|\b${any('streetTypes')}\s+\d+\s*[a-z]?$`);
/** A postcode and its town, with its region after a comma: "81200 Johor Bahru, Johor", "75011 Paris". */
export const POSTCODE_AND_TOWN = /^\d{4,5}\s+\p{L}[\p{L}\s.'-]*(,\s*\p{L}[\p{L}\s.'-]*)?,?$/u;

/** Words that open a document's title, never a company's name (matched in the text as printed). */
export const DOCUMENT_TITLES = new RegExp(String.raw`^${any('titleWords')}\b`, 'i');
