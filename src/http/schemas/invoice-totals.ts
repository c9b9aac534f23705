import { Type } from 'typebox';
import { perAmount } from './invoice-fields.ts';
import { ListQuery } from './invoices.ts';

/** The list's filter, without its paging and order (which do not change a sum). */
export const TotalsQuery = Type.Object({
  dossier_id: ListQuery.properties.dossier_id,
  status: ListQuery.properties.status,
  date_from: ListQuery.properties.date_from,
  date_to: ListQuery.properties.date_to,
  duplicate: ListQuery.properties.duplicate,
}, { additionalProperties: false });

const Sum = Type.Number({ description: 'Decimal sum, two decimals; invoices without this amount add nothing', examples: [1509] });

export const InvoiceTotals = Type.Object({
  count: Type.Integer({ minimum: 0, description: 'Invoices the filter selects, on all pages' }),
  ...perAmount(Sum),
});
