import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../services/deps.ts';
import { createNamedToken, listNamedTokens, revokeToken } from '../../services/tokens.ts';
import { toApiToken } from '../mappers.ts';
import { principalOf } from '../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../schemas/common.ts';
import { ApiToken, CreateToken, CreatedToken } from '../schemas/tokens.ts';

export function tokenRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post('/tokens', {
      schema: {
        tags: ['tokens'], operationId: 'createApiToken', summary: 'Generate a named API token (its value is shown once)',
        description: 'For integrations: a bearer token with a name and a lifetime of 1 to 365 days (90 by default).', security: bearerSecurity,
        body: CreateToken, response: { 201: CreatedToken, ...errorResponses(400, 401) },
      },
    }, async (request, reply) => {
      const { token, accessToken } = await createNamedToken(deps, principalOf(request), {
        name: request.body.name, expiresInDays: request.body.expires_in_days,
      });
      return reply.code(201).send({ ...toApiToken(token), access_token: accessToken, token_type: 'Bearer' as const });
    });

    app.get('/tokens', {
      schema: {
        tags: ['tokens'], operationId: 'listApiTokens', summary: 'List the firm\'s named API tokens',
        description: 'Names, dates and last use; never the token values.', security: bearerSecurity,
        response: { 200: Type.Object({ data: Type.Array(ApiToken) }), ...errorResponses(401) },
      },
    }, async (request) => ({ data: (await listNamedTokens(deps, principalOf(request))).map(toApiToken) }));

    app.delete('/tokens/:id', {
      schema: {
        tags: ['tokens'], operationId: 'revokeApiToken', summary: 'Revoke a token; it stops working at once',
        description: 'Answers 204; the token answers 401 from then on. Another firm\'s token answers 404.', security: bearerSecurity,
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 204: Type.Null(), ...errorResponses(401, 404) },
      },
    }, async (request, reply) => {
      await revokeToken(deps, principalOf(request), request.params.id);
      return reply.code(204).send(null);
    });
  };
}
