// Ground truth in the corpus's truth.json format (../shared/corpus/README.md), so that the
// project's evaluation harness scores generated sets unchanged.
import { AMOUNT_FIELDS, FIELD_NAMES } from '../../src/domain/invoice-fields.ts';
import { centsToDecimal, rateToDecimal } from './amounts.ts';
import { isoOf } from './formats.ts';
import type { InvoiceModel } from './invoice.ts';
import type { ReceiptModel } from './receipt.ts';
import type { Field } from './view.ts';

export const KINDS = { pdf: 'gen-pdf', render: 'gen-render', scan: 'gen-scan', receipt: 'gen-receipt' } as const;

export interface TruthEntry {
  file: string;
  source: 'generated';
  kind: string;
  primary: boolean;
  dup_group: string;
  expected: Record<Field, string | null>;
  expected_extra: {
    siren: string | null;
    vat_id: string | null;
    seller_country: string;
    vat_breakdown: Array<{ rate: string; basis: string; tax: string }>;
    due_payable: string | null;
  };
  visible_in_text_layer?: Partial<Record<Field, boolean>>;
  visible_on_page1?: Partial<Record<Field, boolean>>;
  notes: string;
}

export function expectedValues(model: InvoiceModel): Record<Field, string | null> {
  const t = model.totals;
  return {
    montant_ht: centsToDecimal(t.htCents),
    montant_tva: centsToDecimal(t.tvaCents),
    montant_ttc: centsToDecimal(t.ttcCents),
    fournisseur: model.seller.name,
    siret: model.sellerIdShown === 'siret' ? model.seller.siret : null,
    date_facture: isoOf(model.issue),
    numero: model.numero,
    devise: model.currency,
  };
}

function extra(model: InvoiceModel): TruthEntry['expected_extra'] {
  return {
    siren: model.seller.siren,
    vat_id: model.seller.vatId,
    seller_country: model.seller.country,
    vat_breakdown: model.totals.breakdown.map((r) => ({ rate: rateToDecimal(r.rateBp), basis: centsToDecimal(r.basisCents), tax: centsToDecimal(r.taxCents) })),
    due_payable: centsToDecimal(model.totals.dueCents),
  };
}

/** true/false for every known field: whether `printed` holds it. */
function visibility(expected: Record<Field, string | null>, printed: Set<Field>): Partial<Record<Field, boolean>> {
  return Object.fromEntries(FIELD_NAMES.filter((f) => expected[f] !== null).map((f) => [f, printed.has(f)]));
}

export interface GeneratedFiles { pdf: string; renders: string[]; scans: string[] }

/**
 * One entry for the PDF, and one per page for each image kind. A multi-page invoice's totals are on
 * its last page: that page is the primary image, the others carry null amounts, as in the corpus.
 */
export function truthEntries(model: InvoiceModel, files: GeneratedFiles, printedPerPage: Array<Set<Field>>, notes: string, pageNotes: { scan: string[] }): TruthEntry[] {
  const expected = expectedValues(model);
  const base = { source: 'generated' as const, dup_group: model.id, expected_extra: extra(model) };
  const all = new Set(printedPerPage.flatMap((s) => [...s]));
  const entries: TruthEntry[] = [{ file: files.pdf, kind: KINDS.pdf, primary: true, ...base, expected, visible_in_text_layer: visibility(expected, all), notes: `text-layer PDF, ${printedPerPage.length} page(s); ${notes}` }];
  const pages = printedPerPage.length;
  for (const [kind, list] of [[KINDS.render, files.renders], [KINDS.scan, files.scans]] as const) {
    list.forEach((file, p) => {
      const last = p === pages - 1;
      const pageExpected = last ? expected : { ...expected, ...Object.fromEntries(AMOUNT_FIELDS.map((f) => [f, null])) } as Record<Field, string | null>;
      const how = kind === KINDS.render ? '200 dpi render' : `simulated phone scan (${pageNotes.scan[p]})`;
      entries.push({
        file, kind, primary: last, ...base,
        expected: pageExpected,
        expected_extra: last ? base.expected_extra : { ...base.expected_extra, vat_breakdown: [], due_payable: null },
        visible_on_page1: visibility(pageExpected, printedPerPage[p]!),
        notes: `${how} of page ${p + 1} of ${pages}${last ? '' : '; totals not on this page'}; ${notes}`,
      });
    });
  }
  return entries;
}

/**
 * A receipt, as the corpus records its scanned receipts: the total paid, the shop and the date
 * (null when it reads either way round), the currency when the receipt prints it; no net, VAT or number.
 */
export function receiptTruth(model: ReceiptModel, file: string, notes: string): TruthEntry {
  const expected: Record<Field, string | null> = {
    montant_ht: null, montant_tva: null, montant_ttc: centsToDecimal(model.totalCents), fournisseur: model.seller,
    siret: null, date_facture: model.date, numero: null, devise: model.currency,
  };
  const printed = new Set(FIELD_NAMES.filter((f) => expected[f] !== null));
  return {
    file, source: 'generated', kind: KINDS.receipt, primary: true, dup_group: model.id, expected,
    expected_extra: { siren: null, vat_id: null, seller_country: 'MY', vat_breakdown: [], due_payable: null },
    visible_on_page1: visibility(expected, printed), notes,
  };
}
