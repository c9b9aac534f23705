import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../services/deps.ts';
import { invoiceTotals } from '../../services/invoice-totals.ts';
import { toInvoiceTotals } from '../mappers.ts';
import { principalOf } from '../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../schemas/common.ts';
import { InvoiceTotals, TotalsQuery } from '../schemas/invoice-totals.ts';
import { checkDates } from './invoices.ts';

// A static path: Fastify's router prefers it to /invoices/:id whatever the registration order.
export function invoiceTotalsRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get('/invoices/totals', {
      schema: {
        tags: ['invoices'], operationId: 'getInvoiceTotals', summary: 'Count and sum a folder\'s invoices under the list\'s filters',
        description: 'The same filters as the list (status, invoice date range, open duplicate flags), over every page: the review table\'s totals row.',
        security: bearerSecurity, querystring: TotalsQuery, response: { 200: InvoiceTotals, ...errorResponses(400, 401, 404) },
      },
    }, async (request) => {
      const q = request.query;
      checkDates(q);
      const totals = await invoiceTotals(deps, principalOf(request), {
        dossierId: q.dossier_id, status: q.status, dateFrom: q.date_from, dateTo: q.date_to, duplicate: q.duplicate,
      });
      return toInvoiceTotals(totals);
    });
  };
}
