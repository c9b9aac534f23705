import { SignJWT, jwtVerify } from 'jose';
import type { Config } from '../config/config.ts';

export interface AccessClaims { sub: string; firm: string; jti: string }

// One algorithm, pinned on both sides: "alg: none" and algorithm-confusion tokens never verify.
const ALGORITHM = 'HS256';

export async function signAccessToken(
  config: Pick<Config, 'jwt'>, secret: Uint8Array, claims: AccessClaims, lifetime: { issuedAt: number; expiresAt: Date },
): Promise<string> {
  return new SignJWT({ firm: claims.firm })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(config.jwt.issuer)
    .setAudience(config.jwt.audience)
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuedAt(lifetime.issuedAt)
    .setExpirationTime(Math.floor(lifetime.expiresAt.getTime() / 1000))
    .sign(secret);
}

/** Verified claims, or null for any token that is malformed, tampered, expired or meant for another audience. */
export async function verifyAccessToken(config: Pick<Config, 'jwt'>, secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALGORITHM],
      issuer: config.jwt.issuer,
      audience: config.jwt.audience,
      requiredClaims: ['sub', 'jti', 'iat', 'exp', 'firm'],
    });
    if (typeof payload.firm !== 'string') return null;
    return { sub: payload.sub!, firm: payload.firm, jti: payload.jti! };
  } catch {
    return null;
  }
}
