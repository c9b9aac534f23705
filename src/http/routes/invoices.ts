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
import {
  IdempotencyKey, InvoiceDetail, InvoiceIdParams, InvoiceList, InvoicePatch, ListQuery, OriginalFile, ValidateBody,
} from '../schemas/invoices.ts';
import { multipartRequestPart } from '../validation.ts';
import { dismissDuplicate } from '../../services/duplicates.ts';
import { correctInvoice, invoiceHistory, openInvoiceFile, validateInvoice } from '../../services/review.ts';
import type { Principal } from '../../services/deps.ts';
import type { InvoiceRow } from '../../repositories/invoices.ts';

/** Calendar dates only (the schema's pattern lets 2025-02-30 through); the list and its totals share it. */
export function checkDates(query: { date_from?: string; date_to?: string }) {
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
  const withHistory = async (principal: Principal, invoice: InvoiceRow) =>
    toInvoiceDetail(invoice, await invoiceHistory(deps, principal, invoice.id));
  return async (app) => {
    app.get('/invoices', {
      schema: {
        tags: ['invoices'], operationId: 'listInvoices', summary: 'List a folder\'s invoices, newest invoice date first',
        description: 'Filters by status, invoice date and open duplicate flag (duplicate=true); pages of 25 by default (per_page up to 100); sort picks another order.', security: bearerSecurity,
        querystring: ListQuery, response: { 200: InvoiceList, ...errorResponses(400, 401, 404) },
      },
    }, async (request) => {
      const q = request.query;
      checkDates(q);
      const { rows, total } = await listInvoices(deps, principalOf(request), {
        dossierId: q.dossier_id, status: q.status, dateFrom: q.date_from, dateTo: q.date_to, duplicate: q.duplicate, page: q.page, perPage: q.per_page, sort: q.sort,
      });
      return { data: rows.map(toInvoiceListItem), meta: { total, page: q.page, per_page: q.per_page } };
    });

    app.get('/invoices/:id', {
      schema: {
        tags: ['invoices'], operationId: 'getInvoice', summary: 'Get one invoice with its extracted fields and processing state',
        description: 'The extracted fields, the file\'s metadata, the processing state, the extraction\'s details and every correction.', security: bearerSecurity,
        params: InvoiceIdParams, response: { 200: InvoiceDetail, ...errorResponses(401, 404) },
      },
    }, async (request) => withHistory(principalOf(request), await getInvoice(deps, principalOf(request), request.params.id)));

    app.patch('/invoices/:id', {
      schema: {
        tags: ['invoices'], operationId: 'correctInvoice', summary: 'Correct extracted fields (allow-list); each change is recorded with its author',
        description: 'A validated invoice that is corrected returns to pending. An exported invoice is read-only (409).',
        security: bearerSecurity, params: InvoiceIdParams, body: InvoicePatch,
        response: { 200: InvoiceDetail, ...errorResponses(400, 401, 404, 409) },
      },
    }, async (request) => {
      const principal = principalOf(request);
      return withHistory(principal, await correctInvoice(deps, principal, request.params.id, request.body));
    });

    app.post('/invoices/:id/validate', {
      // A bodyless POST means { confirm: false }.
      preValidation: async (request) => { request.body ??= { confirm: false }; },
      schema: {
        tags: ['invoices'], operationId: 'validateInvoice', summary: 'Validate a pending invoice once its checks pass, or on explicit confirmation',
        description: 'Answers 422 with the failing checks unless confirm is true.',
        security: bearerSecurity, params: InvoiceIdParams, body: ValidateBody,
        response: { 200: InvoiceDetail, ...errorResponses(400, 401, 404, 409, 422) },
      },
    }, async (request) => {
      const principal = principalOf(request);
      return withHistory(principal, await validateInvoice(deps, principal, request.params.id, { confirm: request.body.confirm }));
    });

    app.post('/invoices/:id/duplicate/dismiss', {
      schema: {
        tags: ['invoices'], operationId: 'dismissDuplicate', summary: 'Dismiss a likely-duplicate flag: the invoice is not a duplicate',
        description: 'Records who dismissed the flag and when (duplicate_dismissed_at/by, and the corrections log); the invoice can then be validated as usual. '
          + 'An invoice without a flag is 409; dismissing again changes nothing.',
        security: bearerSecurity, params: InvoiceIdParams,
        response: { 200: InvoiceDetail, ...errorResponses(401, 404, 409) },
      },
    }, async (request) => {
      const principal = principalOf(request);
      return withHistory(principal, await dismissDuplicate(deps, principal, request.params.id));
    });

    app.get('/invoices/:id/file', {
      schema: {
        tags: ['invoices'], operationId: 'downloadInvoiceFile', summary: 'Download the original file, as imported',
        description: 'The bytes as imported, in their detected type, as an attachment.', security: bearerSecurity, params: InvoiceIdParams,
        response: { 200: OriginalFile, ...errorResponses(401, 404) },
      },
    }, async (request, reply) => {
      const { invoice, stream } = await openInvoiceFile(deps, principalOf(request), request.params.id);
      const ascii = invoice.file_name.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .type(invoice.file_type)
        .header('Content-Length', String(invoice.file_size))
        .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(invoice.file_name)}`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    });

    app.post('/invoices', {
      // The multipart body is streamed by the handler, so schema validation of the body is off here
      // (the headers are still validated); the schema still documents it in OpenAPI.
      validatorCompiler: multipartRequestPart,
      schema: {
        tags: ['invoices'], operationId: 'importInvoice', summary: 'Import an invoice file (PDF, JPEG, PNG or UBL/CII XML); extraction starts on its own',
        description: 'The type is detected from the content: PDF, JPEG, PNG, or a standalone e-invoice in XML (UBL 2.1 Invoice or CreditNote, UN/CEFACT CII CrossIndustryInvoice, decided by the root element and its namespace). Any other file is 415, and so is XML with a DOCTYPE (no DTDs, no entities). Answers 202 with the new invoice and a Location header. The same bytes imported again into the same folder answer 200 with the existing invoice and duplicate: true.',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        headers: Type.Object({ 'idempotency-key': Type.Optional(IdempotencyKey) }),
        body: Type.Object({
          file: Type.String({ format: 'binary', description: 'The invoice: PDF, JPEG, PNG, or UBL 2.1 / CII XML' }),
          dossier_id: Type.String(),
        }),
        response: { 200: InvoiceDetail, 202: InvoiceDetail, ...errorResponses(400, 401, 404, 413, 415, 422) },
      },
    }, async (request, reply) => {
      const idempotencyKey = request.headers['idempotency-key'];
      return sendImport(reply, await receiveInvoiceUpload(deps, principalOf(request), request, idempotencyKey));
    });
  };
}
