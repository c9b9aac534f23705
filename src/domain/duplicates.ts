// Likely duplicates: the normalised keys two renderings of one invoice share, and the reason a
// reviewer reads. Pure rules; the lookups live in repositories/duplicates.ts.
//
// Glossary
// - seller key: who issued the invoice. "siren:<9 digits>" for a French company (from its SIRET, its
//   SIREN or its French VAT number, which all contain the SIREN), else "vat:<VAT number>".
// - numero key: the invoice number without case, spaces, dashes, dots or slashes, and without the
//   leading zeros of its digit runs ("F-2022/0023" and "f20220023" are one number).
// - supplier key: the supplier's name without case, accents, punctuation or legal form.
import { sirenFromFrenchVat } from './identifiers.ts';
import { reason, type ReviewReason } from './review-reasons.ts';

export const DUPLICATE_RULES = ['same_file', 'same_seller_and_number', 'same_supplier_date_amount'] as const;
export type DuplicateRule = (typeof DUPLICATE_RULES)[number];

export interface DuplicateKeys {
  seller_key: string | null;
  numero_key: string | null;
  supplier_key: string | null;
}

export function sellerKey(ids: { siret: string | null; siren: string | null; vatId: string | null }): string | null {
  const siret = ids.siret?.replace(/\s/g, '') ?? '';
  if (/^\d{14}$/.test(siret)) return `siren:${siret.slice(0, 9)}`;
  const siren = ids.siren?.replace(/\s/g, '') ?? '';
  if (/^\d{9}$/.test(siren)) return `siren:${siren}`;
  const vat = ids.vatId?.replace(/[\s.-]/g, '').toUpperCase() ?? '';
  if (!vat) return null;
  const fromVat = sirenFromFrenchVat(vat);
  return fromVat ? `siren:${fromVat}` : `vat:${vat}`;
}

export function numeroKey(numero: string | null): string | null {
  if (numero === null) return null;
  const compact = numero.toLowerCase().replace(/[\s\-\u2010-\u2015./\\]/g, '');
  const key = compact.replace(/\d+/g, (run) => run.replace(/^0+(?=\d)/, ''));
  return key === '' ? null : key;
}

// Legal forms say nothing about who the supplier is, and are printed inconsistently.
const LEGAL_FORMS = new Set(['sa', 'sas', 'sasu', 'sarl', 'eurl', 'sci', 'snc', 'selarl', 'gmbh', 'ag', 'kg', 'ltd', 'llc', 'inc', 'bv', 'srl', 'spa', 'plc']);

export function supplierKey(name: string | null): string | null {
  if (name === null) return null;
  const words = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '' && !LEGAL_FORMS.has(w));
  return words.length ? words.join(' ') : null;
}

export function duplicateKeys(fields: { siret: string | null; numero: string | null; fournisseur: string | null }, extra: { siren: string | null; vat_id: string | null }): DuplicateKeys {
  return {
    seller_key: sellerKey({ siret: fields.siret, siren: extra.siren, vatId: extra.vat_id }),
    numero_key: numeroKey(fields.numero),
    supplier_key: supplierKey(fields.fournisseur),
  };
}

export interface DuplicateFlag {
  duplicate_of: string | null;
  duplicate_rule: DuplicateRule | null;
  duplicate_dismissed_at: Date | null;
  seller_key: string | null;
}

/** The review reason of an invoice flagged and not dismissed, else null. */
export function duplicateReviewReason(flag: DuplicateFlag): ReviewReason | null {
  if (!flag.duplicate_of || !flag.duplicate_rule || flag.duplicate_dismissed_at) return null;
  const seller = flag.seller_key?.startsWith('vat:') ? { seller: 'vat' } : { seller: 'siren' };
  return reason('likely_duplicate', { of: flag.duplicate_of, rule: flag.duplicate_rule, ...(flag.duplicate_rule === 'same_seller_and_number' ? seller : {}) });
}
