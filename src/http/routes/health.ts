import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../services/deps.ts';
import { sendProblem } from '../plugins/problems.ts';
import { errorResponses } from '../schemas/common.ts';

export function healthRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    const Status = Type.Object({ status: Type.String() });
    app.get('/healthz', { schema: { tags: ['health'], operationId: 'getLiveness', summary: 'The process is alive', description: 'Answers 200 while the process runs; checks nothing else.', security: [], response: { 200: Status } } },
      async () => ({ status: 'ok' }));
    app.get('/readyz', {
      schema: { tags: ['health'], operationId: 'getReadiness', summary: 'The database answers', description: 'Answers 200 when the database answers a query, 503 otherwise.', security: [], response: { 200: Status, ...errorResponses(503) } },
    },
      async (request, reply) => {
        try {
          await deps.db.query('SELECT 1');
          return { status: 'ready' };
        } catch {
          return sendProblem(request, reply, 503, 'database_unavailable', 'The database is not reachable');
        }
      });
  };
}
