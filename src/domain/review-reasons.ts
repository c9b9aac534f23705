// Review reasons: why an invoice waits for a person, as a stable code plus its parameters, so that
// clients and the web UI can say it in their own language. reasonText() is the one English rendering;
// its sentences are the historical `review_reasons` strings, byte for byte (the evaluation and the
// clients compare them), so change a sentence only together with its code's meaning.
//
// Parameters hold values as the sentence shows them: amounts in currency units (12.5 for 12.50),
// rates in percent, dates as YYYY-MM-DD, lists joined by ", ".

export type ReasonParams = Record<string, string | number>;

/** The English sentence of each code; the codes are the keys, a closed list. */
const TEXTS = {
  field_not_found: (p) => `${p.field} not found`,
  field_missing: (p) => `${p.field} is missing`,
  field_uncertain: (p) => `${p.field} is uncertain`,
  totals_mismatch: (p) => `HT + TVA differs from TTC by ${money(p.difference)}`,
  vat_line_mismatch: (p) => `VAT at ${p.rate} % on ${money(p.basis)} should be ${money(p.expected)}, not ${money(p.tax)}`,
  vat_lines_sum_mismatch: (p) => `VAT lines add up to ${money(p.sum)}, the VAT total is ${money(p.total)}`,
  vat_rate_not_in_force: (p) => `VAT rate ${p.rate} % is not a rate in force`,
  vat_rate_not_in_force_france: (p) => `VAT rate ${p.rate} % is not a rate in force in France`,
  vat_implausible: (p) => `VAT ${money(p.vat)} is not a plausible share of the net ${money(p.net)}`,
  siret_checksum: (p) => `SIRET ${p.siret} fails its checksum`,
  date_too_old: (p) => `Invoice date ${p.date} is implausibly old`,
  date_in_future: (p) => `Invoice date ${p.date} is in the future`,
  not_sure_enough: (p) => `The reading is not sure enough to book unattended (${Number(p.probability).toFixed(3)} against ${Number(p.threshold).toFixed(3)}): check the amounts and the date`,
  rival_totals: (p) => `Other amounts on the page also add up (total ${p.totals}): check which are the invoice's totals`,
  date_unlabelled: (p) => `date_facture ${p.date} has no label naming it the invoice date: check it`,
  date_rivals: (p) => `date_facture ${p.date} competes with ${p.rivals}: check which is the invoice date`,
  likely_duplicate: (p) => `Likely duplicate of ${p.of} (${duplicateRuleInWords(p)}): compare the two, and dismiss the flag if they are different invoices`,
} satisfies Record<string, (params: ReasonParams) => string>;

export type ReasonCode = keyof typeof TEXTS;
export const REASON_CODES = Object.keys(TEXTS) as ReasonCode[];

export interface ReviewReason {
  code: ReasonCode;
  params: ReasonParams;
}

export const reason = (code: ReasonCode, params: ReasonParams): ReviewReason => ({ code, params });

/** The English sentence of a reason: exactly the `review_reasons` string of the API. */
export function reasonText({ code, params }: ReviewReason): string {
  return TEXTS[code](params);
}

/** Cents as a parameter: the amount in currency units, as the sentences print it. */
export const unitsOf = (cents: number): number => cents / 100;

function money(value: string | number | undefined): string {
  return Number(value).toFixed(2);
}

// `seller` says which identifier matched for same_seller_and_number: "vat" or "siren".
function duplicateRuleInWords(p: ReasonParams): string {
  if (p.rule === 'same_file') return 'the same file, in another folder';
  if (p.rule === 'same_supplier_date_amount') return 'same supplier, date and total';
  return p.seller === 'vat' ? 'same VAT number and invoice number' : 'same SIREN/SIRET and invoice number';
}
