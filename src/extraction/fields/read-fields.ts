// From positioned text (a PDF text layer or OCR words) to invoice fields with confidences.
import { buildLines } from '../layout/lines.ts';
import type { TextRun } from '../layout/text-run.ts';
import type { ExtractedInvoice } from '../types.ts';
import { readCompanyIds } from './company-ids.ts';
import { readDates } from './invoice-date.ts';
import { readInvoiceNumber } from './invoice-number.ts';
import { readSupplier } from './supplier.ts';
import { readTotals } from './totals.ts';

function mostCommon(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

export function readFields(runs: TextRun[]): ExtractedInvoice {
  const lines = buildLines(runs);
  const totals = readTotals(lines);
  const dates = readDates(lines);
  const ids = readCompanyIds(lines);
  const number = readInvoiceNumber(lines);
  const supplier = readSupplier(lines);
  const devise = mostCommon(totals.currencies) ?? (ids.siret || ids.vatId ? 'EUR' : null);
  return {
    fields: {
      montant_ht: totals.ht, montant_tva: totals.tva, montant_ttc: totals.ttc,
      fournisseur: supplier.fournisseur, siret: ids.siret, date_facture: dates.invoiceDate,
      numero: number.numero, devise,
    },
    confidence: {
      montant_ht: totals.confidence.ht, montant_tva: totals.confidence.tva, montant_ttc: totals.confidence.ttc,
      fournisseur: supplier.confidence, siret: ids.confidence, date_facture: dates.confidence,
      numero: number.confidence, devise: devise ? 0.9 : 0,
    },
    extra: {
      siren: ids.siren, vatId: ids.vatId, iban: ids.iban, dueDate: dates.dueDate,
      amountDue: totals.due, sellerCountry: ids.siret || ids.vatId ? 'FR' : null,
    },
  };
}
