import { Type } from 'typebox';
import { DUPLICATE_RULES } from '../../domain/duplicates.ts';
import { INVOICE_STATUSES, PROCESSING_STATES } from '../../domain/invoice.ts';
import { FIELD_NAMES, LISTED_FIELDS } from '../../domain/invoice-fields.ts';
import { REASON_CODES } from '../../domain/review-reasons.ts';
import { IsoDate, Timestamp } from './common.ts';
import { Amount, fieldInputs, fieldValues, pick, Text } from './invoice-fields.ts';
import { INVOICE_SORTS } from '../../repositories/invoices.ts';

const Status = Type.Enum([...INVOICE_STATUSES]);

/** A review reason as a code and the values its sentence needs (src/domain/review-reasons.ts). */
export const ReviewReason = Type.Object({
  code: Type.Enum([...REASON_CODES]),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
    description: 'Amounts in currency units, rates in percent, dates as YYYY-MM-DD, lists joined by ", "',
    examples: [{ difference: -1 }],
  }),
}, { examples: [{ code: 'totals_mismatch', params: { difference: -1 } }] });

/** The listed fields (the seed's, and the number the review table shows). */
export const InvoiceListItem = Type.Object({
  id: Type.String({ examples: ['inv_01hzy3k9x6m2c4v8b0n5q7r1t3'] }),
  ...pick(fieldValues, LISTED_FIELDS),
  status: Status,
});

export const InvoiceList = Type.Object({
  data: Type.Array(InvoiceListItem),
  meta: Type.Object({ total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() }),
});

export const ListQuery = Type.Object({
  dossier_id: Type.String({ minLength: 1, maxLength: 100 }),
  status: Type.Optional(Status),
  date_from: Type.Optional(IsoDate),
  date_to: Type.Optional(IsoDate),
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  sort: Type.Optional(Type.Enum([...INVOICE_SORTS], { description: 'Column to sort by, "-" for descending; default -date_facture (then id)' })),
  duplicate: Type.Optional(Type.Literal(true, { description: 'true: only the invoices flagged as likely duplicates and not dismissed (the only accepted value)' })),
}, { additionalProperties: false });

const Confidence = Type.Record(Type.String(), Type.Number({ minimum: 0, maximum: 1 }));

export const InvoiceDetail = Type.Object({
  ...InvoiceListItem.properties,
  ...pick(fieldValues, FIELD_NAMES),
  dossier_id: Type.String(),
  duplicate: Type.Optional(Type.Boolean({ description: 'Import answers only: true when the same file was already imported into this folder' })),
  duplicate_of: Type.Union([Type.String(), Type.Null()], { description: 'The earlier invoice of the firm (any folder) this one likely duplicates; kept after a dismissal' }),
  duplicate_rule: Type.Union([Type.Enum([...DUPLICATE_RULES]), Type.Null()], {
    description: 'What matched: the same file in another folder, the same seller identifier (SIRET/SIREN/VAT number) and number, or the same supplier, date and TTC',
  }),
  duplicate_dismissed_at: Type.Union([Timestamp, Type.Null()], { description: 'When a reviewer said it is not a duplicate' }),
  duplicate_dismissed_by: Type.Union([Type.String(), Type.Null()], { description: 'The user who dismissed the flag' }),
  file: Type.Object({
    name: Type.String(),
    type: Type.String({ examples: ['application/pdf'] }),
    size: Type.Integer(),
    sha256: Type.String(),
  }),
  processing: Type.Object({
    state: Type.Enum([...PROCESSING_STATES]),
    attempts: Type.Integer(),
    started_at: Type.Union([Timestamp, Type.Null()]),
    finished_at: Type.Union([Timestamp, Type.Null()]),
    error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()]),
  }),
  extraction: Type.Union([
    Type.Object({
      source: Type.String({ description: 'facturx (XML embedded in a PDF), xml (a standalone UBL or CII file), pdf-text or ocr' }),
      pages: Type.Integer(),
      confidence: Confidence,
      review_reasons: Type.Array(Type.String(), { description: 'Why a person must look, in English' }),
      review_reason_codes: Type.Union([Type.Array(ReviewReason), Type.Null()], {
        description: 'The same reasons, in the same order, as stable codes with parameters to say them in any language; null for invoices extracted before reasons had codes',
      }),
      duration_ms: Type.Integer(),
      due_date: Type.Union([IsoDate, Type.Null()]),
      amount_due: Amount,
      vat_id: Text,
      siren: Text,
      iban: Text,
      vat_breakdown: Type.Array(Type.Object({ rate: Type.Union([Type.Number(), Type.Null()]), basis: Amount, tax: Amount })),
    }),
    Type.Null(),
  ]),
  corrections: Type.Optional(Type.Array(Type.Object({
    field: Type.String({ description: 'The corrected field, or status for a validation' }),
    old_value: Text,
    new_value: Text,
    user_id: Type.String(),
    user_email: Type.String(),
    at: Timestamp,
  }), { description: 'Every change made by a person, oldest first (detail, PATCH and validate only)' })),
  created_at: Timestamp,
  updated_at: Timestamp,
});

/** The allow-list of correctable fields (every field); anything else is a 400. */
export const InvoicePatch = Type.Object(fieldInputs, { additionalProperties: false, minProperties: 1 });

export const ValidateBody = Type.Object({
  confirm: Type.Boolean({ default: false, description: 'Validate even though the checks fail (the reviewer vouches for the values)' }),
}, { additionalProperties: false });

export const InvoiceIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

/** A client's key for retrying an import safely: 1 to 200 visible ASCII characters. */
export const IdempotencyKey = Type.String({
  minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7E]+$', description: 'Repeat the same key to retry an import without importing twice',
});

// A plain schema, not a TypeBox one: the handler sends a stream, which no static type describes.
const Binary = { type: 'string', format: 'binary' };

/** The original file, in the type it was detected as. */
export const OriginalFile = {
  description: 'The file as imported',
  content: { 'application/pdf': { schema: Binary }, 'image/jpeg': { schema: Binary }, 'image/png': { schema: Binary }, 'application/xml': { schema: Binary } },
};
