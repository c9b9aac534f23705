// The invoice's extracted fields, named once. Everything that lists them derives from this table:
// the engine's and the row's value types, the repositories' columns, the API's schemas, the web UI's
// labels (served as /fields.js), the CSV writer, the review rules and the scoring. Adding a field is
// one entry here, plus a migration for its column.
//
// Glossary
// - kind: how a value is written, checked and entered. amount: money (cents in the engine, an exact
//   decimal string on the row, a JSON number in the API); date: a calendar day, YYYY-MM-DD; siret: a
//   French establishment's 14 digits; currency: an ISO 4217 code; text: free text printed by the
//   supplier (never trusted in a spreadsheet cell).
// - required: validation needs it; while it is missing the invoice stays pending.
// - listed: the list API, and so the review table, carries it; the detail always has every field.
// - label: what the web UI calls it; shortLabel: its column header, where the label is too long.
// - Order matters: it is the order of the API's properties, of the PATCH allow-list and of the
//   scoring report's columns.

export const FIELD_KINDS = ['amount', 'date', 'siret', 'currency', 'text'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export interface FieldLabel { readonly fr: string; readonly en: string }

interface FieldSpec {
  readonly name: string;
  readonly kind: FieldKind;
  /** The invoices table's column (rows are read with SELECT *, so it is the name: see below). */
  readonly column: string;
  readonly label: FieldLabel;
  readonly shortLabel?: FieldLabel;
  readonly required: boolean;
  readonly listed: boolean;
  /** Text only: the longest value a reviewer may enter. */
  readonly maxLength?: number;
}

export const INVOICE_FIELDS = [
  { name: 'montant_ht', kind: 'amount', column: 'montant_ht', label: { fr: 'Montant HT', en: 'Net amount' }, shortLabel: { fr: 'HT', en: 'Net' }, required: true, listed: true },
  { name: 'montant_tva', kind: 'amount', column: 'montant_tva', label: { fr: 'TVA', en: 'VAT' }, shortLabel: { fr: 'TVA', en: 'VAT' }, required: true, listed: true },
  { name: 'montant_ttc', kind: 'amount', column: 'montant_ttc', label: { fr: 'Montant TTC', en: 'Total amount' }, shortLabel: { fr: 'TTC', en: 'Total' }, required: true, listed: true },
  { name: 'fournisseur', kind: 'text', column: 'fournisseur', label: { fr: 'Fournisseur', en: 'Supplier' }, required: true, listed: true, maxLength: 200 },
  { name: 'siret', kind: 'siret', column: 'siret', label: { fr: 'SIRET', en: 'SIRET' }, required: false, listed: true },
  { name: 'date_facture', kind: 'date', column: 'date_facture', label: { fr: 'Date', en: 'Date' }, required: true, listed: true },
  { name: 'numero', kind: 'text', column: 'numero', label: { fr: 'Numéro', en: 'Number' }, required: false, listed: true, maxLength: 100 },
  { name: 'devise', kind: 'currency', column: 'devise', label: { fr: 'Devise', en: 'Currency' }, required: false, listed: false },
] as const satisfies readonly FieldSpec[];

export type InvoiceFieldSpec = (typeof INVOICE_FIELDS)[number];
export type FieldName = InvoiceFieldSpec['name'];
export type FieldOfKind<K extends FieldKind> = Extract<InvoiceFieldSpec, { kind: K }>['name'];
export type AmountField = FieldOfKind<'amount'>;
export type ListedField = Extract<InvoiceFieldSpec, { listed: true }>['name'];

// Rows come back keyed by column and are read as field values, so a column must be its field's name;
// a field stored under another name needs an alias in the repositories first. This fails to compile otherwise.
type Renamed = Exclude<InvoiceFieldSpec, { name: InvoiceFieldSpec['column'] }> | Exclude<InvoiceFieldSpec['column'], FieldName>;
const columnsAreNames: [Renamed] extends [never] ? true : never = true;
void columnsAreNames;

/**
 * The fields' values, amounts written as `Amount`: cents in the engine and the rules
 * (InvoiceFields), exact decimal strings on the row (StoredFields), JSON numbers in the API.
 * Every other kind is a string. A field not found is null.
 */
export type FieldValues<Amount> = { [S in InvoiceFieldSpec as S['name']]: (S['kind'] extends 'amount' ? Amount : string) | null };

const names = (keep: (spec: InvoiceFieldSpec) => boolean): readonly FieldName[] => INVOICE_FIELDS.filter(keep).map((spec) => spec.name);

export const FIELD_NAMES = names(() => true);
export const AMOUNT_FIELDS = names((f) => f.kind === 'amount') as readonly AmountField[];
export const LISTED_FIELDS = names((f) => f.listed) as readonly ListedField[];
/** Free text read from the document, as the supplier printed it. */
export const TEXT_FIELDS = names((f) => f.kind === 'text');

/** What a booking must get right: the amounts and the date (the scoring's "bookable", the gate's evidence). */
export const BOOKING_FIELDS = names((f) => f.kind === 'amount' || f.kind === 'date') as ReadonlyArray<AmountField | FieldOfKind<'date'>>;

/** Validation needs these; the booking fields come first, so a missing amount or date is named before a missing supplier. */
export const REQUIRED_FIELDS: readonly FieldName[] = [...BOOKING_FIELDS, ...FIELD_NAMES.filter((f) => !(BOOKING_FIELDS as readonly string[]).includes(f))]
  .filter((name) => fieldSpec(name).required);

export function fieldSpec(name: FieldName): InvoiceFieldSpec {
  return INVOICE_FIELDS.find((spec) => spec.name === name)!;
}

export const isFieldName = (name: string): name is FieldName => (FIELD_NAMES as readonly string[]).includes(name);
