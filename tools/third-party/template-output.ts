// What a template adapter hands back: the PDF, the truth it printed, and for each scored field the
// strings whose presence on the page means that field is printed.
import { centsToDecimal } from '../../src/domain/money.ts';
import { isoOf } from '../generate/formats.ts';
import type { Invoice } from './invoice-data.ts';

export const SCORED_FIELDS = ['montant_ht', 'montant_tva', 'montant_ttc', 'date_facture', 'numero', 'fournisseur', 'siret'] as const;
export type ScoredField = (typeof SCORED_FIELDS)[number];

export interface TemplateInvoice {
  /** The PDF as printed; for a Factur-X template, without its embedded XML (text-layer-pdf). */
  pdf: Buffer;
  /** A Factur-X template's hybrid PDF, XML included (facturx-pdf). */
  facturx?: Buffer;
  /** The template package and version, as recorded in truth.json. */
  template: string;
  expected: Record<string, string | null>;
  extra: Record<string, unknown>;
  /** Per scored field, the printed forms of its value (amounts are then matched as whole numbers). */
  printed: Record<ScoredField, string[]>;
  /** Human-readable choices (labels, fonts, styles), copied into each truth entry's notes. */
  notes: string[];
}

export interface Totals { ht: number; tva: number; ttc: number }

/** The truth.json `expected` block; the key order is the file's. */
export function expectedValues(inv: Invoice, totals: Totals, printsSiret: boolean): Record<string, string | null> {
  return {
    montant_ht: centsToDecimal(totals.ht), montant_tva: centsToDecimal(totals.tva), montant_ttc: centsToDecimal(totals.ttc),
    fournisseur: inv.seller.name, siret: printsSiret ? inv.siret : null, date_facture: isoOf(inv.date), numero: inv.number, devise: inv.currency,
  };
}

/** The start of `expected_extra`, the same for both templates. */
export function commonExtra(inv: Invoice): Record<string, unknown> {
  return { siren: inv.siren, vat_id: inv.vatId, seller_country: inv.seller.country, due_date: isoOf(inv.due) };
}

/** The template threw away a draw whose totals do not add up to the cent: draw another invoice. */
export class InconsistentTotalsError extends Error {}
