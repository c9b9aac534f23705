// The fields' values in each place they live, and the one conversion between them: only amounts
// change form (cents <-> exact decimal strings <-> JSON numbers); every other kind is the same string.
import { AMOUNT_FIELDS, FIELD_NAMES, type FieldName, type FieldValues } from './invoice-fields.ts';
import { centsToDecimal, decimalToCents, type Cents } from './money.ts';

/** In the engine and the rules: amounts in cents, so sums are exact. */
export type InvoiceFields = FieldValues<Cents>;
/** On the invoice row (NUMERIC columns read as text): amounts as exact decimal strings. */
export type StoredFields = FieldValues<string>;

const AMOUNTS = new Set<FieldName>(AMOUNT_FIELDS);

/** The named fields of `values`, each amount converted; null stays null, the other kinds are copied. */
export function convertAmounts<From, To, N extends FieldName>(
  values: Pick<FieldValues<From>, N>, names: readonly N[], convert: (amount: From) => To | null,
): Pick<FieldValues<To>, N> {
  return Object.fromEntries(names.map((name) => {
    const value = values[name] as From | string | null;
    return [name, value !== null && AMOUNTS.has(name) ? convert(value as From) : value];
  })) as Pick<FieldValues<To>, N>;
}

export const toStoredFields = (fields: InvoiceFields): StoredFields => convertAmounts(fields, FIELD_NAMES, centsToDecimal);

export const fromStoredFields = (row: StoredFields): InvoiceFields => convertAmounts(row, FIELD_NAMES, decimalToCents);
