import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../services/deps.ts';
import { cancelExport, createExport, exportFile, getExport, listExports } from '../../services/exports.ts';
import { toExport } from '../mappers.ts';
import { principalOf } from '../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../schemas/common.ts';
import { CreateExport, Export, ExportFileResponse, ExportIdempotencyKey, ExportIdParams, ExportList, ExportsQuery } from '../schemas/exports.ts';

const CONTENT_TYPES = { fec: 'text/tab-separated-values; charset=utf-8', csv: 'text/csv; charset=utf-8' } as const;

export function exportRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post('/exports', {
      schema: {
        tags: ['exports'], operationId: 'createExport', summary: 'Export a folder\'s validated invoices to accounting (FEC or CSV)',
        description: 'Books the folder\'s validated invoices (all, those dated within date_from..date_to, or exactly invoice_ids) in one '
          + 'transaction: they become exported and a batch records who, when, which invoices and their totals. Answers 201 with a Location header. '
          + 'Listed ids that are not validated invoices of the folder answer 409 (details.invoice_ids); no matching invoice answers 422 '
          + '(nothing_to_export); a FEC export of an invoice without a date or TTC answers 422 (invoices_incomplete). Nothing is booked on an error. '
          + 'The same Idempotency-Key with the same body answers 200 with the same batch and Idempotent-Replayed: true; with another body, 422.',
        security: bearerSecurity,
        headers: Type.Object({ 'idempotency-key': Type.Optional(ExportIdempotencyKey) }),
        body: CreateExport,
        response: { 200: Export, 201: Export, ...errorResponses(400, 401, 404, 409, 422) },
      },
    }, async (request, reply) => {
      const b = request.body;
      const outcome = await createExport(deps, principalOf(request), {
        dossierId: b.dossier_id, format: b.format, dateFrom: b.date_from, dateTo: b.date_to, invoiceIds: b.invoice_ids,
        chargeAccount: b.charge_account, idempotencyKey: request.headers['idempotency-key'],
      });
      reply.header('Location', `/api/v1/exports/${outcome.batch.id}`);
      if (outcome.kind === 'replayed') reply.header('Idempotent-Replayed', 'true');
      return reply.code(outcome.kind === 'replayed' ? 200 : 201).send(toExport(outcome.batch));
    });

    app.get('/exports', {
      schema: {
        tags: ['exports'], operationId: 'listExports', summary: 'List export batches, newest first',
        description: 'The firm\'s batches, or one folder\'s; pages of 25 by default (per_page up to 100).', security: bearerSecurity,
        querystring: ExportsQuery, response: { 200: ExportList, ...errorResponses(400, 401, 404) },
      },
    }, async (request) => {
      const q = request.query;
      const { rows, total } = await listExports(deps, principalOf(request), { dossierId: q.dossier_id, page: q.page, perPage: q.per_page });
      return { data: rows.map(toExport), meta: { total, page: q.page, per_page: q.per_page } };
    });

    app.get('/exports/:id', {
      schema: {
        tags: ['exports'], operationId: 'getExport', summary: 'Get one export batch',
        description: 'Another firm\'s batch answers 404, like an unknown one.', security: bearerSecurity,
        params: ExportIdParams, response: { 200: Export, ...errorResponses(401, 404) },
      },
    }, async (request) => toExport(await getExport(deps, principalOf(request), request.params.id)));

    app.get('/exports/:id/file', {
      schema: {
        tags: ['exports'], operationId: 'downloadExportFile', summary: 'Download the batch\'s FEC or CSV file',
        description: 'FEC as text/tab-separated-values, CSV as text/csv, both UTF-8 with CRLF line ends. The file is generated from the '
          + 'fields recorded when the batch was booked, so later corrections never change it; a cancelled batch keeps its file.',
        security: bearerSecurity, params: ExportIdParams, response: { 200: ExportFileResponse, ...errorResponses(401, 404) },
      },
    }, async (request, reply) => {
      const { batch, content } = await exportFile(deps, principalOf(request), request.params.id);
      return reply
        .type(CONTENT_TYPES[batch.format])
        .header('Content-Disposition', `attachment; filename="${batch.file_name}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(content, 'utf8'));
    });

    app.post('/exports/:id/cancel', {
      schema: {
        tags: ['exports'], operationId: 'cancelExport', summary: 'Cancel an export batch; its invoices return to validated',
        description: 'Any active batch may be cancelled (batches do not depend on each other: each numbers its own entries, and an invoice is '
          + 'in at most one active batch). The invoices it still holds as exported return to validated; who cancelled it and when is recorded. '
          + 'A batch already cancelled answers 409 (export_cancelled).',
        security: bearerSecurity, params: ExportIdParams, response: { 200: Export, ...errorResponses(401, 404, 409) },
      },
    }, async (request) => toExport(await cancelExport(deps, principalOf(request), request.params.id)));
  };
}
