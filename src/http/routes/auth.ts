import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { issueToken, refreshToken, revokeOwnToken } from '../../services/auth.ts';
import type { Deps } from '../../services/deps.ts';
import { principalOf, requireAuth } from '../plugins/auth.ts';
import { TokenRequest, TokenResponse } from '../schemas/auth.ts';
import { bearerSecurity, errorResponses } from '../schemas/common.ts';

export function authRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post('/token', {
      schema: {
        tags: ['auth'], operationId: 'createSessionToken', summary: 'Exchange e-mail and password for a 24-hour bearer token', security: [],
        description: 'A wrong e-mail and a wrong password get the same 401; repeated failures for an e-mail get 429 with Retry-After.',
        body: TokenRequest, response: { 200: TokenResponse, ...errorResponses(400, 401, 429) },
      },
    }, async (request) => issueToken(deps, request.body.email, request.body.password));

    app.post('/refresh', {
      preHandler: requireAuth(deps),
      schema: {
        tags: ['auth'], operationId: 'refreshSessionToken', summary: 'Trade a still-valid token for a fresh one; the old token is revoked',
        description: 'The fresh token lives 24 hours; the one that sent the request answers 401 from then on.',
        security: bearerSecurity, response: { 200: TokenResponse, ...errorResponses(401) },
      },
    }, async (request) => refreshToken(deps, principalOf(request)));

    app.post('/logout', {
      preHandler: requireAuth(deps),
      schema: {
        tags: ['auth'], operationId: 'revokeSessionToken', summary: 'Sign out: revoke the token that sends this request',
        description: 'The token answers 401 from then on, everywhere. Works for named API tokens too.',
        security: bearerSecurity, response: { 204: Type.Null({ description: 'Revoked' }), ...errorResponses(401) },
      },
    }, async (request, reply) => {
      await revokeOwnToken(deps, principalOf(request));
      return reply.code(204).send(null);
    });
  };
}
