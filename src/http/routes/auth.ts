import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { issueToken, refreshToken } from '../../services/auth.ts';
import type { Deps } from '../../services/deps.ts';
import { principalOf, requireAuth } from '../plugins/auth.ts';
import { TokenRequest, TokenResponse } from '../schemas/auth.ts';
import { bearerSecurity, errorResponses } from '../schemas/common.ts';

export function authRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post('/token', {
      schema: {
        tags: ['auth'], summary: 'Exchange e-mail and password for a 24-hour bearer token',
        body: TokenRequest, response: { 200: TokenResponse, ...errorResponses(400, 401, 429) },
      },
    }, async (request) => issueToken(deps, request.body.email, request.body.password));

    app.post('/refresh', {
      preHandler: requireAuth(deps),
      schema: {
        tags: ['auth'], summary: 'Trade a still-valid token for a fresh one; the old token is revoked',
        security: bearerSecurity, response: { 200: TokenResponse, ...errorResponses(401) },
      },
    }, async (request) => refreshToken(deps, principalOf(request)));
  };
}
