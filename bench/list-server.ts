// A child process of bench/list.ts: the service (`service`) or the bare baseline (`baseline`),
// listening on 127.0.0.1 on an ephemeral port, which it prints as "listening <port>".
//
// The baseline is node:http + pg + jose and nothing else: it verifies the same JWT, reads the same
// token row and sends the same list SQL (the repository's, through a pg pool), and answers the same
// body (asserted by bench/list.ts before it measures). Everything else the service does (Fastify,
// schema validation, problem+json, rate limits, request ids, one log line per request) is what the
// ratio prices.
import fs from 'node:fs';
import http from 'node:http';
import { jwtVerify } from 'jose';
import { loadConfig } from '../src/config/config.ts';
import { connectPostgres } from '../src/db/postgres.ts';
import { toInvoiceListItem } from '../src/http/mappers.ts';
import { createLogger } from '../src/logger.ts';
import { invoicesRepo, type InvoiceSort } from '../src/repositories/invoices.ts';
import { startService } from '../src/runtime.ts';
import type { InvoiceStatus } from '../src/domain/invoice.ts';

const mode = process.argv[2];
const config = loadConfig();

async function serveService(): Promise<number> {
  // Production logging (info, one line per request) into /dev/null: its cost is counted, not its output.
  const logger = createLogger(config.logLevel, fs.createWriteStream('/dev/null'));
  const service = await startService({
    config: { ...config, role: 'api' }, logger, extract: async () => { throw new Error('no extraction in the list bench'); },
  });
  await service.app!.listen({ host: '127.0.0.1', port: 0 });
  return (service.app!.server.address() as { port: number }).port;
}

async function serveBaseline(): Promise<number> {
  const pool = connectPostgres(config.databaseUrl!);
  const secret = new TextEncoder().encode(config.jwt.secret);
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url!, 'http://localhost');
      const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (url.pathname !== '/api/v1/invoices' || !bearer) return send(res, 404, {});
      const { payload } = await jwtVerify(bearer, secret, { algorithms: ['HS256'], issuer: config.jwt.issuer, audience: config.jwt.audience });
      const firmId = payload.firm as string;
      const { rows } = await pool.query<{ revoked_at: Date | null; expires_at: Date }>(
        'SELECT * FROM api_tokens WHERE firm_id = $1 AND id = $2', [firmId, payload.jti]);
      if (!rows[0] || rows[0].revoked_at || rows[0].expires_at.getTime() <= Date.now()) return send(res, 401, {});
      const q = url.searchParams;
      const page = Number(q.get('page') ?? 1);
      const perPage = Number(q.get('per_page') ?? 25);
      const listed = await invoicesRepo.list(pool, firmId, {
        dossierId: q.get('dossier_id')!, status: (q.get('status') ?? undefined) as InvoiceStatus | undefined,
        dateFrom: q.get('date_from') ?? undefined, dateTo: q.get('date_to') ?? undefined,
        page, perPage, sort: (q.get('sort') ?? undefined) as InvoiceSort | undefined,
      });
      if (!listed) return send(res, 404, {});
      send(res, 200, { data: listed.rows.map(toInvoiceListItem), meta: { total: listed.total, page, per_page: perPage } });
    } catch {
      send(res, 500, {});
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

const port = mode === 'service' ? await serveService() : mode === 'baseline' ? await serveBaseline() : undefined;
if (port === undefined) throw new Error('usage: list-server.ts service|baseline');
process.stdout.write(`listening ${port}\n`);
