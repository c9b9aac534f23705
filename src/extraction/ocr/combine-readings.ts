// Two OCR readings of the same page made one: the amounts (and what hangs on them) from the reading
// whose amounts are stronger, as one piece; each other field from whichever read it more surely.
import { AMOUNT_FIELDS } from '../../domain/invoice-fields.ts';
import { negated } from '../../domain/money.ts';
import { vatShareIsPlausible } from '../../domain/invoice-checks.ts';
import { amountsProven } from '../checks/decision.ts';
import { WEAK_PROOF_CONFIDENCE } from '../fields/totals.ts';
import type { ExtractedInvoice } from '../types.ts';

/**
 * Amounts that prove each other outweigh everything; then a VAT that is a plausible share of its net
 * (a reading that took the amount left to pay for the total makes the VAT a third of the net); then
 * how many were read, and how surely.
 */
function amountStrength(invoice: ExtractedInvoice): number {
  const { montant_ht: ht, montant_tva: tva } = invoice.fields;
  const plausible = ht !== null && tva !== null && vatShareIsPlausible(ht, tva);
  return (amountsProven(invoice) ? 100 : 0) + (plausible ? 10 : 0) + AMOUNT_FIELDS.reduce((sum, f) => sum + (invoice.fields[f] === null ? 0 : invoice.confidence[f] ?? 0), 0);
}

/**
 * Of two readings that prove nothing, the one whose total is a hundredth of the other's read the point
 * the other lost ("Grand Total RM 4.55" and "RM 455", its cash line read the same way): OCR drops a
 * point far more often than it sees one where there is none.
 */
function lostPoint(pointed: ExtractedInvoice, other: ExtractedInvoice): boolean {
  const [a, b] = [pointed.fields.montant_ttc, other.fields.montant_ttc];
  return a !== null && b !== null && a !== 0 && b === a * 100 && !amountsProven(pointed) && !amountsProven(other);
}

/**
 * Two readings of the same page: the amounts (and what hangs on them) from the reading whose
 * amounts are stronger, as one piece; each other field from whichever read it more surely.
 */
export function combineReadings(first: ExtractedInvoice, second: ExtractedInvoice): ExtractedInvoice {
  const [base, other] = lostPoint(second, first) || (!lostPoint(first, second) && amountStrength(second) > amountStrength(first)) ? [second, first] : [first, second];
  const fields = { ...base.fields };
  const confidence = { ...base.confidence };
  const extra = { ...base.extra };
  const minuses = lostMinuses(base, other);
  if (minuses) {
    // One reading read a credit note's minus signs ("-€ 315,23"), the other lost them and proved its
    // positive amounts: the amounts add up either way, and which sign the page prints is not proven.
    // Two amounts read negative are taken as printed; one may be a dash OCR made a minus.
    if (minuses >= 2) for (const f of AMOUNT_FIELDS) if (fields[f] !== null) fields[f] = negated(fields[f]);
    for (const f of AMOUNT_FIELDS) confidence[f] = Math.min(confidence[f] ?? 0, WEAK_PROOF_CONFIDENCE);
    extra.amountsProof = 'weak';
  }
  for (const field of Object.keys(fields) as Array<keyof typeof fields>) {
    if ((AMOUNT_FIELDS as readonly string[]).includes(field) || other.fields[field] === null) continue;
    if (fields[field] === null || (field === 'date_facture' ? dateIsSurer(other, base) : (other.confidence[field] ?? 0) > (confidence[field] ?? 0))) {
      (fields as Record<string, unknown>)[field] = other.fields[field];
      confidence[field] = other.confidence[field] ?? 0;
      // The date's evidence travels with the date it speaks for.
      if (field === 'date_facture') extra.dateEvidence = other.extra.dateEvidence;
    }
  }
  return { ...base, fields, confidence, extra };
}

/** How many amounts `other` read negative where `base`, whose amounts are all positive, read them positive. */
function lostMinuses(base: ExtractedInvoice, other: ExtractedInvoice): number {
  const amounts = AMOUNT_FIELDS.map((f) => [base.fields[f], other.fields[f]] as const);
  if (amounts.some(([b]) => b !== null && b < 0)) return 0;
  return amounts.filter(([b, o]) => b !== null && o !== null && b > 0 && o === -b).length;
}

/**
 * Of two readings' dates, the one whose evidence is stronger (a label naming it, no rival date on
 * the page), and on equal evidence the one read more surely: a reading that lost the word after
 * "Date" ("Date d'échéance") reads the due date more clearly than the other reads the invoice date.
 */
function dateIsSurer(a: ExtractedInvoice, b: ExtractedInvoice): boolean {
  const strength = (x: ExtractedInvoice) => {
    const evidence = x.extra.dateEvidence;
    if (!evidence) return 0;
    return DATE_LABEL_STRENGTH[evidence.label] * 2 + (evidence.rivals.length ? 0 : 1);
  };
  const [sa, sb] = [strength(a), strength(b)];
  return sa !== sb ? sa > sb : (a.confidence.date_facture ?? 0) > (b.confidence.date_facture ?? 0);
}
const DATE_LABEL_STRENGTH = { none: 0, generic: 1, explicit: 2 } as const;
