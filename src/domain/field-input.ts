// A person's value for a field, as the API receives it (amounts as JSON numbers or decimal strings),
// made into the value its column holds, or refused with a 400 naming the field. One rule per kind.
import { isValidIsoDate } from './dates.ts';
import { validationFailed } from './errors.ts';
import { fieldSpec, type FieldKind, type FieldName } from './invoice-fields.ts';

export type FieldInput = string | number | null;

/** An amount sent as text: at most 13 digits before the point and 2 after (NUMERIC(15,2)). */
export const AMOUNT_INPUT_PATTERN = '^-?\\d{1,13}(\\.\\d{1,2})?$';
const AMOUNT_TEXT = new RegExp(AMOUNT_INPUT_PATTERN);

function amount(field: FieldName, value: string | number): string {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  if (!AMOUNT_TEXT.test(text) || (typeof value === 'number' && Math.abs(value * 100 - Math.round(value * 100)) > 1e-6)) {
    throw validationFailed(`${field}: ${value} is not an amount with at most two decimals`);
  }
  return Number(text).toFixed(2);
}

/** The other kinds, from the value's trimmed text. */
const FROM_TEXT: Record<Exclude<FieldKind, 'amount'>, (field: FieldName, text: string) => string | null> = {
  date: (field, text) => {
    if (!isValidIsoDate(text)) throw validationFailed(`${field}: ${text} is not a calendar date (YYYY-MM-DD)`);
    return text;
  },
  siret: (field, text) => {
    const digits = text.replace(/\s/g, '');
    if (!/^\d{14}$/.test(digits)) throw validationFailed(`${field}: must be 14 digits`);
    return digits;
  },
  currency: (field, text) => {
    if (!/^[A-Z]{3}$/.test(text.toUpperCase())) throw validationFailed(`${field}: must be an ISO 4217 code such as EUR`);
    return text.toUpperCase();
  },
  text: (_field, text) => (text === '' ? null : text),
};

/** API value -> column value (amounts as exact decimal strings); null clears the field. */
export function columnValue(field: FieldName, value: FieldInput): string | null {
  if (value === null) return null;
  const { kind } = fieldSpec(field);
  return kind === 'amount' ? amount(field, value) : FROM_TEXT[kind](field, String(value).trim());
}
