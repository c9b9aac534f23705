// Reads a multipart import: streams the file part to storage as it arrives, whatever the order
// of the parts, then hands the staged file and the dossier_id to the import use case.
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { DomainError, validationFailed } from '../domain/errors.ts';
import type { Deps, Principal } from '../services/deps.ts';
import { completeImport, type ImportOutcome } from '../services/invoices.ts';
import { stageUpload, tooLarge, type StagedFile } from '../services/upload-staging.ts';
import { isOutOfSpace } from '../storage/errors.ts';

const malformed = (why: string) => validationFailed(`The multipart body is malformed (${why}); send multipart/form-data with a "file" part and a "dossier_id" field`);

/**
 * Our typed errors, the multipart plugin's (limits, with their status) and a full store (507) are
 * answered as they are; only the parser's own failures are the client's malformed body.
 */
const answeredAsIs = (error: unknown) =>
  error instanceof DomainError || Boolean((error as { statusCode?: number }).statusCode) || isOutOfSpace(error);

/**
 * The parts of the body. The parser's own failures (no boundary, a boundary that never comes,
 * a body cut short) are the client's: they become 400s. The plugin's limit errors keep their status.
 */
async function* partsOf(request: FastifyRequest): AsyncGenerator<Multipart> {
  const parser = (() => {
    try {
      return request.parts()[Symbol.asyncIterator]();
    } catch (error) {
      throw malformed((error as Error).message);
    }
  })();
  try {
    for (;;) {
      let step: IteratorResult<Multipart>;
      try {
        step = await parser.next();
      } catch (error) {
        throw answeredAsIs(error) ? error : malformed((error as Error).message);
      }
      if (step.done) return;
      yield step.value;
    }
  } finally {
    await parser.return?.(undefined);
  }
}

export async function receiveInvoiceUpload(
  deps: Deps, principal: Principal, request: FastifyRequest, idempotencyKey: string | undefined,
): Promise<ImportOutcome> {
  if (!request.isMultipart()) throw validationFailed('Send multipart/form-data with a "file" part and a "dossier_id" field');
  let staged: StagedFile | undefined;
  let dossierId: string | undefined;
  try {
    for await (const part of partsOf(request)) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || staged) {
          part.file.resume();
          throw validationFailed('Send exactly one file, in the "file" part');
        }
        // A body that ends before its closing boundary can have its file stream destroyed before
        // this handler reads it; that stream would never end, so the request would hang.
        if (part.file.destroyed) throw malformed('the body ends inside the file part');
        staged = await stageUpload(deps.blobs, principal.firmId, { stream: part.file, fileName: part.filename }, deps.config.maxUploadBytes)
          .catch((error: unknown) => {
            // The parser fails the file stream when the body ends inside it, after staging began.
            throw answeredAsIs(error) || !part.file.destroyed ? error : malformed((error as Error).message);
          });
        if (part.file.truncated) throw tooLarge(deps.config.maxUploadBytes);
      } else if (part.fieldname === 'dossier_id' && typeof part.value === 'string') {
        if (part.value.includes('\u0000')) throw validationFailed('dossier_id: must not contain a NUL character');
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
