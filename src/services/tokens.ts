// Named API tokens, made by hand in Settings > API for integrations.
import { notFound } from '../domain/errors.ts';
import { tokensRepo, type TokenRow } from '../repositories/tokens.ts';
import { mintToken } from './auth.ts';
import type { Deps, Principal } from './deps.ts';

export async function createNamedToken(deps: Deps, principal: Principal, input: { name: string; expiresInDays: number }) {
  const issued = await mintToken(deps, deps.db, principal, 'named', input.name.trim(), input.expiresInDays * 86400);
  const row = (await tokensRepo.find(deps.db, principal.firmId, issued.id))!;
  return { token: row, accessToken: issued.accessToken };
}

export const listNamedTokens = (deps: Deps, principal: Principal): Promise<TokenRow[]> =>
  tokensRepo.listNamed(deps.db, principal.firmId);

export async function revokeToken(deps: Deps, principal: Principal, id: string): Promise<void> {
  const token = await tokensRepo.find(deps.db, principal.firmId, id);
  if (!token) throw notFound('Token');
  await tokensRepo.revoke(deps.db, principal.firmId, id);
}
