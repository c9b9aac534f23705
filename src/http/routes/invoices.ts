import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { isValidIsoDate } from '../../domain/dates.ts';
import { validationFailed } from '../../domain/errors.ts';
import type { Deps } from '../../services/deps.ts';
import { getInvoice, listInvoices, type ImportOutcome } from '../../services/invoices.ts';
import { toInvoiceDetail, toInvoiceListItem } from '../mappers.ts';
import { principalOf } from '../plugins/auth.ts';
import { receiveInvoiceUpload } from '../multipart-import.ts';
import { bearerSecurity, errorResponses } from '../schemas/common.ts';
import { InvoiceDetail, InvoiceIdParams, InvoiceList, ListQuery } from '../schemas/invoices.ts';

function checkDates(query: { date_from?: string; date_to?: string }) {
  for (const key of ['date_from', 'date_to'] as const) {
    const value = query[key];
    if (value && !isValidIsoDate(value)) throw validationFailed(`${key}: ${value} is not a calendar date`);
  }
}

function sendImport(reply: FastifyReply, outcome: ImportOutcome) {
  const body = { ...toInvoiceDetail(outcome.invoice), duplicate: outcome.kind === 'duplicate' };
  reply.header('Location', `/api/v1/invoices/${outcome.invoice.id}`);
  if (outcome.kind === 'replayed') reply.header('Idempotent-Replayed', 'true');
  return reply.code(outcome.kind === 'duplicate' ? 200 : 202).send(body);
}

export function invoiceRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get('/invoices', {
      schema: {
        tags: ['invoices'], summary: 'List a folder\'s invoices, newest invoice date first', security: bearerSecurity,
        querystring: ListQuery, response: { 200: InvoiceList, ...errorResponses(400, 401, 404) },
      },
    }, async (request) => {
      const q = request.query;
      checkDates(q);
      const { rows, total } = await listInvoices(deps, principalOf(request), {
        dossierId: q.dossier_id, status: q.status, dateFrom: q.date_from, dateTo: q.date_to, page: q.page, perPage: q.per_page,
      });
      return { data: rows.map(toInvoiceListItem), meta: { total, page: q.page, per_page: q.per_page } };
    });

    app.get('/invoices/:id', {
      schema: {
        tags: ['invoices'], summary: 'Get one invoice with its extracted fields and processing state', security: bearerSecurity,
        params: InvoiceIdParams, response: { 200: InvoiceDetail, ...errorResponses(401, 404) },
      },
    }, async (request) => toInvoiceDetail(await getInvoice(deps, principalOf(request), request.params.id)));

    app.post('/invoices', {
      // The multipart body is streamed by the handler, so schema validation of the body is off here;
      // the schema still documents it in OpenAPI.
      validatorCompiler: () => () => true,
      schema: {
        tags: ['invoices'], summary: 'Import an invoice file (PDF, JPEG or PNG); extraction starts on its own',
        description: 'Answers 202 with the new invoice and a Location header. The same bytes imported again into the same folder answer 200 with the existing invoice and duplicate: true.',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }),
        body: Type.Object({
          file: Type.String({ format: 'binary', description: 'The invoice: PDF, JPEG or PNG' }),
          dossier_id: Type.String(),
        }),
        response: { 200: InvoiceDetail, 202: InvoiceDetail, ...errorResponses(400, 401, 404, 413, 415, 422) },
      },
    }, async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' && key.trim() ? key.trim().slice(0, 200) : undefined;
      return sendImport(reply, await receiveInvoiceUpload(deps, principalOf(request), request, idempotencyKey));
    });
  };
}
