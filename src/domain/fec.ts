// The FEC (Fichier des Écritures Comptables, article A47 A-1 of the LPF) of an export batch: one
// purchase-journal entry per invoice, balanced, in the 18 columns the administration reads.
// Glossary:
//   posting - one line of an entry: an account and a signed amount in cents (> 0 debit, < 0 credit).
//   entry   - the postings of one invoice (one EcritureNum); its amounts sum to zero.
import { createHash } from 'node:crypto';
import type { ExportedInvoice } from './exports.ts';
import type { VatLine } from './invoice-checks.ts';
import { decimalToCents, type Cents } from './money.ts';

export const FEC_COLUMNS = [
  'JournalCode', 'JournalLib', 'EcritureNum', 'EcritureDate', 'CompteNum', 'CompteLib', 'CompAuxNum', 'CompAuxLib', 'PieceRef',
  'PieceDate', 'EcritureLib', 'Debit', 'Credit', 'EcritureLet', 'DateLet', 'ValidDate', 'Montantdevise', 'Idevise',
] as const;

export const PURCHASE_JOURNAL = { code: 'AC', label: 'Achats' };
export const SUPPLIER_ACCOUNT = { num: '401000', label: 'Fournisseurs' };
export const DEDUCTIBLE_VAT_ACCOUNT = { num: '44566', label: 'TVA déductible sur autres biens et services' };

export interface Posting { account: string; accountLabel: string; auxNum: string; auxLabel: string; label: string; amount: Cents }

export interface FecOptions {
  /** The charge (class 6) account debited with the amount before VAT. */
  chargeAccount: string;
  /** The day the batch was booked (YYYY-MM-DD): every line's ValidDate. */
  validDate: string;
}

/** Thrown when an entry does not balance: a bug, never a user error, so the file is never written. */
export class UnbalancedEntry extends Error {}

// Labels of the usual purchase accounts (plan comptable général); other accounts read "Achats".
const CHARGE_LABELS: Array<[string, string]> = [
  ['606', 'Achats non stockés de matières et fournitures'], ['607', 'Achats de marchandises'], ['604', 'Achats d\'études et prestations de services'],
  ['61', 'Services extérieurs'], ['62', 'Autres services extérieurs'], ['60', 'Achats'],
];
export const chargeAccountLabel = (account: string) => CHARGE_LABELS.find(([prefix]) => account.startsWith(prefix))?.[1] ?? 'Charges';

/** A FEC text field: no TAB or line break may reach the file, and runs of spaces are one. */
const text = (value: string | null | undefined) => (value ?? '').replace(/[\t\r\n\u2028\u2029]+/g, ' ').replace(/ {2,}/g, ' ').trim();

/**
 * The supplier's auxiliary account, the same for every invoice of one supplier: F + its SIREN
 * (the SIRET's first 9 digits) when known, else F + the name's first letters and a short hash of
 * the whole normalised name (two names sharing a prefix never share an account).
 */
export function supplierAuxAccount(row: Pick<ExportedInvoice, 'siret' | 'fournisseur'>): { num: string; label: string } {
  const label = text(row.fournisseur) || 'Fournisseur inconnu';
  if (row.siret && /^\d{14}$/.test(row.siret)) return { num: `F${row.siret.slice(0, 9)}`, label };
  const normalised = label.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (!row.fournisseur || !normalised) return { num: 'FDIVERS', label };
  const hash = createHash('sha256').update(normalised).digest('hex').slice(0, 4).toUpperCase();
  return { num: `F${normalised.slice(0, 8)}${hash}`, label };
}

/** 1234.5 EUR in cents -> "1234,50": comma decimal separator, no thousands separator, no sign. */
export function fecAmount(cents: Cents): string {
  const abs = Math.abs(cents);
  return `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

export const fecDate = (isoDay: string) => isoDay.replace(/-/g, '');

const rateLabel = (rate: number | null) => (rate === null ? 'TVA' : `TVA ${String(rate).replace('.', ',')} %`);

/**
 * The VAT postings' amounts: one per rate from the extraction's breakdown when its taxes add up to
 * the invoice's VAT (a reviewer's correction of the VAT makes the breakdown stale), else one line.
 */
export function vatAmounts(tva: Cents, breakdown: Array<VatLine<string>>): Array<{ rate: number | null; tax: Cents }> {
  const byRate = new Map<number | null, Cents>();
  for (const line of breakdown) {
    const tax = decimalToCents(line.tax);
    if (tax === null) return tva === 0 ? [] : [{ rate: null, tax: tva }];
    byRate.set(line.rate, (byRate.get(line.rate) ?? 0) + tax);
  }
  const sum = [...byRate.values()].reduce((a, b) => a + b, 0);
  // A credit note's breakdown may be written unsigned while its VAT is negative.
  const sign = byRate.size && sum === tva ? 1 : byRate.size && sum === -tva ? -1 : 0;
  if (!sign) return tva === 0 ? [] : [{ rate: null, tax: tva }];
  return [...byRate.entries()].filter(([, tax]) => tax !== 0).map(([rate, tax]) => ({ rate, tax: sign * tax }));
}

/**
 * One invoice's postings: credit the supplier with TTC, debit deductible VAT per rate and the
 * charge account with the rest (so a rounding difference between HT + TVA and TTC lands on the
 * charge line). A credit note (negative TTC) has every sign, hence every side, reversed.
 */
export function invoicePostings(row: ExportedInvoice, chargeAccount: string): Posting[] {
  const ttc = decimalToCents(row.montant_ttc);
  if (ttc === null) throw new TypeError(`Invoice ${row.id} has no montant_ttc`);
  const tva = decimalToCents(row.montant_tva) ?? 0;
  const supplier = supplierAuxAccount(row);
  const label = text(`${supplier.label} ${row.numero ?? ''}`);
  const vat = vatAmounts(tva, row.vat_breakdown);
  const charge = ttc - vat.reduce((total, line) => total + line.tax, 0);
  const postings: Posting[] = [
    { account: SUPPLIER_ACCOUNT.num, accountLabel: SUPPLIER_ACCOUNT.label, auxNum: supplier.num, auxLabel: supplier.label, label, amount: -ttc },
    { account: chargeAccount, accountLabel: chargeAccountLabel(chargeAccount), auxNum: '', auxLabel: '', label, amount: charge },
    ...vat.map((line) => ({
      account: DEDUCTIBLE_VAT_ACCOUNT.num, accountLabel: DEDUCTIBLE_VAT_ACCOUNT.label, auxNum: '', auxLabel: '', label: text(`${label} ${rateLabel(line.rate)}`), amount: line.tax,
    })),
  ].filter((p) => p.amount !== 0);
  assertBalanced(row.id, postings);
  return postings;
}

/** Debit equals credit, to the cent, or nothing is written. */
export function assertBalanced(invoiceId: string, postings: Posting[]): void {
  const debit = postings.reduce((total, p) => total + Math.max(p.amount, 0), 0);
  const credit = postings.reduce((total, p) => total + Math.max(-p.amount, 0), 0);
  if (debit !== credit) throw new UnbalancedEntry(`Entry for ${invoiceId} does not balance: debit ${debit} != credit ${credit} (cents)`);
}

/** The 18 columns of every line, entries numbered 1, 2, … in the rows' order. */
export function fecRecords(rows: ExportedInvoice[], options: FecOptions): string[][] {
  return rows.flatMap((row, index) => {
    const date = fecDate(row.date_facture ?? '');
    if (!date) throw new TypeError(`Invoice ${row.id} has no date_facture`);
    const foreign = row.devise && row.devise !== 'EUR' ? row.devise : '';
    return invoicePostings(row, options.chargeAccount).map((p) => [
      PURCHASE_JOURNAL.code, PURCHASE_JOURNAL.label, String(index + 1), date, p.account, p.accountLabel, p.auxNum, p.auxLabel,
      text(row.numero) || row.id, date, p.label, fecAmount(Math.max(p.amount, 0)), fecAmount(Math.max(-p.amount, 0)), '', '',
      fecDate(options.validDate), foreign ? fecAmount(p.amount) : '', foreign,
    ]);
  });
}

/** The file: a header line, then one TAB-separated line per posting, CRLF line ends, UTF-8. */
export function renderFec(rows: ExportedInvoice[], options: FecOptions): string {
  return [[...FEC_COLUMNS], ...fecRecords(rows, options)].map((line) => `${line.join('\t')}\r\n`).join('');
}
