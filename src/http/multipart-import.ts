// Reads a multipart import: streams the file part to storage as it arrives, whatever the order
// of the parts, then hands the staged file and the dossier_id to the import use case.
import type { FastifyRequest } from 'fastify';
import { validationFailed } from '../domain/errors.ts';
import type { Deps, Principal } from '../services/deps.ts';
import { completeImport, type ImportOutcome } from '../services/invoices.ts';
import { stageUpload, tooLarge, type StagedFile } from '../services/upload-staging.ts';

export async function receiveInvoiceUpload(
  deps: Deps, principal: Principal, request: FastifyRequest, idempotencyKey: string | undefined,
): Promise<ImportOutcome> {
  if (!request.isMultipart()) throw validationFailed('Send multipart/form-data with a "file" part and a "dossier_id" field');
  let staged: StagedFile | undefined;
  let dossierId: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || staged) {
          part.file.resume();
          throw validationFailed('Send exactly one file, in the "file" part');
        }
        staged = await stageUpload(deps.blobs, principal.firmId, { stream: part.file, fileName: part.filename }, deps.config.maxUploadBytes);
        if (part.file.truncated) throw tooLarge(deps.config.maxUploadBytes);
      } else if (part.fieldname === 'dossier_id' && typeof part.value === 'string') {
        dossierId = part.value.trim();
      }
    }
    if (!staged) throw validationFailed('The "file" part is missing');
    if (!dossierId) throw validationFailed('The "dossier_id" field is missing');
  } catch (error) {
    if (staged) await deps.blobs.delete(staged.storageKey).catch(() => {});
    throw error;
  }
  return completeImport(deps, principal, staged, { dossierId, idempotencyKey });
}
