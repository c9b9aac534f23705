// The invoice fields' schemas, derived from the registry (src/domain/invoice-fields.ts): one value
// schema per kind for what the API answers, one per kind for what a reviewer may send.
import { Type, type TSchema } from 'typebox';
import { AMOUNT_FIELDS, INVOICE_FIELDS, type AmountField, type InvoiceFieldSpec } from '../../domain/invoice-fields.ts';
import { AMOUNT_INPUT_PATTERN } from '../../domain/field-input.ts';
import { IsoDate } from './common.ts';

export const Amount = Type.Union([Type.Number(), Type.Null()], { description: 'Decimal amount, two decimals', examples: [83.33] });
export const Text = Type.Union([Type.String(), Type.Null()]);

/** A field's value in an answer, by kind. */
const VALUE = {
  amount: Amount,
  date: Type.Union([IsoDate, Type.Null()]),
  siret: Type.Union([Type.String({ pattern: '^\\d{14}$' }), Type.Null()]),
  currency: Text,
  text: Text,
} as const;

const optionalNullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

/** A field's value in a correction, by kind; the service then normalises it (domain/field-input.ts). */
const INPUT = {
  amount: () => Type.Optional(Type.Union([Type.Number(), Type.String({ pattern: AMOUNT_INPUT_PATTERN }), Type.Null()])),
  date: () => optionalNullable(IsoDate),
  siret: () => optionalNullable(Type.String({ pattern: '^[0-9 ]{14,17}$' })),
  currency: () => optionalNullable(Type.String({ pattern: '^[A-Za-z]{3}$' })),
  text: (spec: InvoiceFieldSpec) => optionalNullable(Type.String('maxLength' in spec ? { maxLength: spec.maxLength } : {})),
};

type ValueSchemas = { [S in InvoiceFieldSpec as S['name']]: (typeof VALUE)[S['kind']] };
type InputSchemas = { [S in InvoiceFieldSpec as S['name']]: ReturnType<(typeof INPUT)[S['kind']]> };

/** Every field's answer schema, in the registry's order. */
export const fieldValues = Object.fromEntries(INVOICE_FIELDS.map((spec) => [spec.name, VALUE[spec.kind]])) as ValueSchemas;

/** Every field's correction schema, in the registry's order. */
export const fieldInputs = Object.fromEntries(INVOICE_FIELDS.map((spec) => [spec.name, INPUT[spec.kind](spec)])) as InputSchemas;

/** The same schema for each amount field (sums, totals). */
export const perAmount = <T extends TSchema>(schema: T) => Object.fromEntries(AMOUNT_FIELDS.map((name) => [name, schema])) as Record<AmountField, T>;

/** The named properties of a schema map, in the order given. */
export const pick = <M extends object, K extends keyof M>(schemas: M, names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, schemas[name]])) as Pick<M, K>;
