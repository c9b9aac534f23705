// buildApp(deps) is the whole HTTP surface; the server and the tests both use it.
import { randomUUID } from 'node:crypto';
import fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../services/deps.ts';
import { requireAuth } from './plugins/auth.ts';
import { answerClientError } from './plugins/client-errors.ts';
import { rateLimit } from './plugins/rate-limit.ts';
import { registerProblemHandlers, sendErrorAsProblem } from './plugins/problems.ts';
import { authRoutes } from './routes/auth.ts';
import { dossierRoutes } from './routes/dossiers.ts';
import { exportRoutes } from './routes/exports.ts';
import { healthRoutes } from './routes/health.ts';
import { invoiceRoutes } from './routes/invoices.ts';
import { invoiceTotalsRoutes } from './routes/invoice-totals.ts';
import { tokenRoutes } from './routes/tokens.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { Problem } from './schemas/common.ts';
import { openApiInfo } from './openapi-info.ts';
import { finishOpenApiDocument } from './openapi-document.ts';
import { compileRequestPart } from './validation.ts';
import { serveUi } from '../web/serve-ui.ts';

/**
 * One log line per request, Fastify's "request completed" (method, url, status, time, errors),
 * without its "incoming request" line: at list rates the second line was a measurable share of
 * the CPU per request (issue #14), and it said nothing the first does not.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * Every request ends with an answer or a closed connection within these bounds, whatever the client
 * sends (or stops sending). Node checks them every `checkEveryMs`.
 */
export interface ServerTimeouts {
  /** The request line and headers (a client that trickles headers). */
  headersMs: number;
  /** The whole request, body included: an upload of 25 MB (MAX_UPLOAD_BYTES's default) fits at 700 kbit/s. */
  requestMs: number;
  /** A socket with no traffic either way. */
  idleMs: number;
  /** A kept-alive connection between two requests. */
  keepAliveMs: number;
  checkEveryMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 20_000, requestMs: 300_000, idleMs: 60_000, keepAliveMs: 10_000, checkEveryMs: 5_000 };

export async function buildApp(deps: Deps, options: { timeouts?: Partial<ServerTimeouts> } = {}): Promise<FastifyInstance> {
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const app = fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    logController: new OneLinePerRequest(),
    bodyLimit: 64 * 1024,
    http: { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: timeouts.checkEveryMs },
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    clientErrorHandler: answerClientError,
    frameworkErrors: sendErrorAsProblem,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(compileRequestPart);

  app.decorateRequest('principal', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  registerProblemHandlers(app);
  app.addSchema(Problem);

  await app.register(swagger, {
    openapi: openApiInfo,
    // Shared schemas keep their $id as their name in the document (Problem, not def-0).
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transformObject: finishOpenApiDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(multipart, {
    limits: { fileSize: deps.config.maxUploadBytes, files: 1, fields: 5, fieldSize: 1024, parts: 8, headerPairs: 100 },
  });

  await app.register(healthRoutes(deps));
  await app.register(authRoutes(deps), { prefix: '/api/auth' });
  await app.register(async (v1) => {
    v1.addHook('preHandler', requireAuth(deps, rateLimit(deps)));
    await v1.register(dossierRoutes(deps));
    await v1.register(invoiceRoutes(deps));
    await v1.register(invoiceTotalsRoutes(deps));
    await v1.register(exportRoutes(deps));
    await v1.register(tokenRoutes(deps));
    await v1.register(webhookRoutes(deps));
  }, { prefix: '/api/v1' });
  await serveUi(app as unknown as FastifyInstance);

  return app as unknown as FastifyInstance;
}
