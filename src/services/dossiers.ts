import { DomainError, notFound } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import { dossiersRepo, type DossierRow } from '../repositories/dossiers.ts';
import type { Deps, Principal } from './deps.ts';
import { isUniqueViolation } from './db-errors.ts';

export async function createDossier(deps: Deps, principal: Principal, input: { name: string }): Promise<DossierRow> {
  try {
    return await dossiersRepo.insert(deps.db, principal.firmId, { id: newId('dos'), name: input.name.trim() });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', `A folder named "${input.name.trim()}" already exists`);
    throw error;
  }
}

export const listDossiers = (deps: Deps, principal: Principal) => dossiersRepo.list(deps.db, principal.firmId);

export async function getDossier(deps: Deps, principal: Principal, id: string): Promise<DossierRow> {
  const dossier = await dossiersRepo.find(deps.db, principal.firmId, id);
  if (!dossier) throw notFound('Folder');
  return dossier;
}
