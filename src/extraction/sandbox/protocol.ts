// Messages between the extractor and its sandbox processes (structured clone over the IPC channel).
// A request's file follows it on the sandbox's byte pipe (byte-pipe.ts): `size` bytes.
import { ExtractionError, type ExtractionErrorCode, type ExtractionLimits, type ExtractionResult } from '../types.ts';

export interface ExtractRequest { id: number; size: number; limits: ExtractionLimits }

/** The sandbox's file descriptor for the byte pipe (0-2 are stdio, 3 the IPC channel). */
export const BYTE_PIPE_FD = 4;

export interface SerialisedError { code: ExtractionErrorCode | null; message: string }

export type ExtractReply =
  | { id: number; ok: true; result: ExtractionResult }
  | { id: number; ok: false; error: SerialisedError };

export function serialiseError(error: unknown): SerialisedError {
  return {
    code: error instanceof ExtractionError ? error.code : null,
    message: error instanceof Error ? error.message : String(error),
  };
}

/** An ExtractionError stays final on this side; anything else stays a plain (retryable) Error. */
export function deserialiseError(error: SerialisedError): Error {
  return error.code ? new ExtractionError(error.code, error.message) : new Error(error.message);
}
