import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../services/deps.ts';
import { sendProblem } from '../plugins/problems.ts';

export function healthRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    const Status = Type.Object({ status: Type.String() });
    app.get('/healthz', { schema: { tags: ['health'], summary: 'The process is alive', response: { 200: Status } } },
      async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { tags: ['health'], summary: 'The database answers', response: { 200: Status } } },
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
