// From positioned text (a PDF text layer or OCR words) to invoice fields with confidences.
import { buildLines } from '../layout/lines.ts';
import type { TextRun } from '../layout/text-run.ts';
import type { ExtractedInvoice } from '../types.ts';
import { readCompanyIds } from './company-ids.ts';
import { readCurrency } from './currency.ts';
import { readDates } from './invoice-date.ts';
import { readInvoiceNumber } from './invoice-number.ts';
import { readSupplier } from './supplier.ts';
import { readTotals } from './totals.ts';

export function readFields(runs: TextRun[]): ExtractedInvoice {
  const lines = buildLines(runs);
  const totals = readTotals(lines);
  const ids = readCompanyIds(lines);
  const number = readInvoiceNumber(lines);
  const supplier = readSupplier(lines);
  const currency = readCurrency(lines, totals.currencies, { french: Boolean(ids.siret || ids.vatId), iban: ids.iban });
  const dates = readDates(lines, currency.code);
  return {
    fields: {
      montant_ht: totals.ht, montant_tva: totals.tva, montant_ttc: totals.ttc,
      fournisseur: supplier.fournisseur, siret: ids.siret, date_facture: dates.invoiceDate,
      numero: number.numero, devise: currency.code,
    },
    confidence: {
      montant_ht: totals.confidence.ht, montant_tva: totals.confidence.tva, montant_ttc: totals.confidence.ttc,
      fournisseur: supplier.confidence, siret: ids.confidence, date_facture: dates.confidence,
      numero: number.confidence, devise: currency.confidence,
    },
    extra: {
      siren: ids.siren, vatId: ids.vatId, iban: ids.iban, dueDate: dates.dueDate,
      amountDue: totals.due, sellerCountry: ids.siret || ids.vatId ? 'FR' : null,
      dateEvidence: dates.evidence, rivalTotals: totals.rivalTotals, amountsProof: totals.proof, cashRounding: totals.cashRounding,
      supplierCandidates: supplier.candidates,
    },
  };
}
