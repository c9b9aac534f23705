// Bearer authentication for /api/v1: resolves the principal, or answers 401 with WWW-Authenticate.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../domain/errors.ts';
import { authenticate } from '../../services/auth.ts';
import type { Deps, Principal } from '../../services/deps.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw unauthorized('Send Authorization: Bearer <access_token>');
  return match[1]!;
}

export function requireAuth(deps: Deps) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.principal = await authenticate(deps, bearerToken(request));
  };
}

/** The principal of an authenticated route (the hook has already run). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
