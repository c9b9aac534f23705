// How likely a supplier candidate is the seller's name: a small logistic model over the evidence that
// put it forward, fitted by `npm run fit:supplier` (tools/fit/fit-supplier.ts) on the tune half of
// the corpus and on generated invoices, never on the check half. Its weights, and the bar above which
// a name is read surely enough to book an invoice unattended, live in supplier-model.json with the
// data and the command that made them.
import { logisticProbability, modelFile, type LogisticModel } from '../logistic-model.ts';

/** The evidence for one candidate, each in [0, 1]. The names are the keys of supplier-model.json's weights. */
export const SUPPLIER_FEATURES = [
  /** The first name line under a "Vendeur" / "Seller" / "Verkäufer" heading. */
  'seller_block',
  /** The name carries a legal form (SAS, GmbH, EI…), or its line spells one out after it. */
  'legal_form',
  /** Its line carries the legal mentions (capital, RCS, SIRET). */
  'legal_mentions',
  /** The letterhead: the tallest short line near the top of page 1. */
  'letterhead',
  /** Taller than most of the page's text. */
  'tall',
  /** In the top 30 % of page 1. */
  'top',
  /** Spelled by the seller's web or mail domain. */
  'domain_name',
  /** Its letters contain a word of the seller's domain, or the reverse; or a mailbox spells a word of it ("l.moreau@…"). */
  'domain_agrees',
  /** Other lines put forward the same name (one containing the other): 0, 0.5 for one, 1 for two or more. */
  'agreement',
  /** Other lines spell the name again (a footer, bank details): 0, 0.5 for one, 1 for two or more. */
  'repeated',
  /** The name starts in the left half of page 1: letters print the sender there, the addressee at the right. */
  'left_column',
  /** The OCR confidence of its line (1 for a text layer). */
  'line_conf',
] as const;
export type SupplierFeature = (typeof SUPPLIER_FEATURES)[number];
export type SupplierFeatures = Record<SupplierFeature, number>;

/** A name read at or above its threshold is sure enough to book unattended. */
export interface SupplierModel extends LogisticModel<SupplierFeature> {
  fitted: { date: string; command: string; data: string[]; candidates: number; documents: number; note: string };
}

export const SUPPLIER_MODEL_PATH = new URL('./supplier-model.json', import.meta.url);

export const supplierModel = modelFile<SupplierModel>(SUPPLIER_MODEL_PATH);

export const supplierProbability = (features: SupplierFeatures, model: SupplierModel = supplierModel()): number =>
  logisticProbability(SUPPLIER_FEATURES, features, model);
