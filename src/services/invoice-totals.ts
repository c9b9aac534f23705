// The totals of a folder's invoices under the list's filter (the review table's totals row).
import { notFound } from '../domain/errors.ts';
import { invoiceTotalsRepo, type InvoiceTotalsRow, type TotalsFilter } from '../repositories/invoice-totals.ts';
import type { Deps, Principal } from './deps.ts';
import { checkDateRange } from './invoices.ts';

export async function invoiceTotals(deps: Deps, principal: Principal, filter: TotalsFilter): Promise<InvoiceTotalsRow> {
  checkDateRange(filter);
  const totals = await invoiceTotalsRepo.sum(deps.db, principal.firmId, filter);
  if (!totals) throw notFound('Folder');
  return totals;
}
