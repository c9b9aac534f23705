// Sign-in, refresh and bearer verification. Every JWT has an api_tokens row, so it can be revoked.
import type { Queryable } from '../db/database.ts';
import { DomainError, unauthorized } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import { loginAttemptsRepo } from '../repositories/login-attempts.ts';
import { tokensRepo, type TokenKind } from '../repositories/tokens.ts';
import { usersRepo } from '../repositories/users.ts';
import type { Deps, Principal } from './deps.ts';
import { signAccessToken, verifyAccessToken, type AccessClaims } from './jwt.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export interface IssuedToken { id: string; accessToken: string; expiresAt: Date }

export async function mintToken(
  deps: Deps, db: Queryable, owner: { firmId: string; userId: string }, kind: TokenKind, name: string | null, lifetimeSeconds: number,
): Promise<IssuedToken> {
  const id = newId('tok');
  // One clock reading for both ends of the lifetime: exp - iat is exactly lifetimeSeconds, however
  // long the insert below takes.
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = new Date((issuedAt + lifetimeSeconds) * 1000);
  await tokensRepo.insert(db, { id, firm_id: owner.firmId, user_id: owner.userId, kind, name, expires_at: expiresAt });
  const accessToken = await signAccessToken(deps.config, deps.jwtSecret, { sub: owner.userId, firm: owner.firmId, jti: id }, { issuedAt, expiresAt });
  return { id, accessToken, expiresAt };
}

const sessionResponse = (token: IssuedToken, ttl: number): TokenResponse =>
  ({ access_token: token.accessToken, token_type: 'Bearer', expires_in: ttl });

export async function issueToken(deps: Deps, email: string, password: string): Promise<TokenResponse> {
  const { maxFailures, lockSeconds } = deps.config.login;
  const retryAfter = await loginAttemptsRepo.lockedFor(deps.db, email);
  if (retryAfter > 0) {
    throw new DomainError('too_many_attempts', 'Too many failed sign-ins for this account; try again later', { retryAfter });
  }
  const user = await usersRepo.findByEmail(deps.db, email);
  // Verify against a dummy hash for unknown e-mails: same work, same time, same answer.
  const ok = await verifyPassword(user?.password_hash ?? await dummyPasswordHash(), password);
  if (!user || !ok) {
    await loginAttemptsRepo.recordFailure(deps.db, email, maxFailures, lockSeconds);
    throw new DomainError('invalid_credentials', 'The e-mail or the password is wrong');
  }
  await loginAttemptsRepo.reset(deps.db, email);
  const ttl = deps.config.jwt.ttlSeconds;
  return sessionResponse(await mintToken(deps, deps.db, { firmId: user.firm_id, userId: user.id }, 'session', null, ttl), ttl);
}

/** The bearer's signed claims, checked without the database (signature, issuer, audience, expiry). */
export async function verifyBearer(deps: Deps, bearer: string): Promise<AccessClaims> {
  const claims = await verifyAccessToken(deps.config, deps.jwtSecret, bearer);
  if (!claims) throw unauthorized('The token is invalid or expired');
  return claims;
}

/** Resolves a bearer token to its principal; any problem is the same 401. */
export async function authenticate(deps: Deps, bearer: string): Promise<Principal> {
  return authenticateClaims(deps, await verifyBearer(deps, bearer));
}

/** Verified claims to a principal, once the token's row says it is neither revoked nor expired. */
export async function authenticateClaims(deps: Deps, claims: AccessClaims): Promise<Principal> {
  const row = await tokensRepo.find(deps.db, claims.firm, claims.jti);
  if (!row || row.revoked_at || row.user_id !== claims.sub || row.expires_at.getTime() <= Date.now()) {
    throw unauthorized('The token is invalid, expired or revoked');
  }
  await tokensRepo.touch(deps.db, claims.firm, claims.jti);
  return { firmId: claims.firm, userId: claims.sub, tokenId: claims.jti };
}

/** A fresh 24-hour token for a still-valid one, which is revoked in the same transaction. */
export async function refreshToken(deps: Deps, principal: Principal): Promise<TokenResponse> {
  const ttl = deps.config.jwt.ttlSeconds;
  const token = await deps.db.transaction(async (tx) => {
    if (!(await tokensRepo.revoke(tx, principal.firmId, principal.tokenId))) {
      throw unauthorized('The token was already revoked');
    }
    return mintToken(deps, tx, principal, 'session', null, ttl);
  });
  return sessionResponse(token, ttl);
}

/** Sign-out: the token that made the request stops working at once. */
export async function revokeOwnToken(deps: Deps, principal: Principal): Promise<void> {
  await tokensRepo.revoke(deps.db, principal.firmId, principal.tokenId);
}
