// Bearer authentication for /api/v1: resolves the principal, or answers 401 with WWW-Authenticate.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../domain/errors.ts';
import { authenticateClaims, verifyBearer } from '../../services/auth.ts';
import type { AccessClaims } from '../../services/jwt.ts';
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

/** Runs between the signature check and the token row's lookup; true means it answered (refused). */
export type ClaimsGate = (request: FastifyRequest, reply: FastifyReply, claims: AccessClaims) => boolean;

/**
 * The signature is checked first, without the database; then the gate (the rate limiter), so a
 * refused request costs no query and a noisy client cannot load the database for the others;
 * then the token's row (revocation, expiry).
 */
export function requireAuth(deps: Deps, gate?: ClaimsGate) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const claims = await verifyBearer(deps, bearerToken(request));
    if (gate?.(request, reply, claims)) return reply;
    request.principal = await authenticateClaims(deps, claims);
  };
}

/** The principal of an authenticated route (the hook has already run). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
