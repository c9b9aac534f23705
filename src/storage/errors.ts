// The one storage fault a client can act on: no space left. Anything else stays an internal error.

/** The blob store has no room for the file (a full disk or quota, or an S3 store out of space). */
export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super('No space left in the blob store', { cause });
    this.name = 'StorageFullError';
  }
}

const FULL_DISK_CODES = new Set(['ENOSPC', 'EDQUOT']);
// What S3-compatible stores answer when they are out of space (MinIO, Ceph RGW, Garage).
const FULL_S3_NAMES = new Set(['XMinioStorageFull', 'StorageFull', 'InsufficientStorage', 'QuotaExceeded']);

/** True for a full local disk or quota, or an S3 store refusing for lack of space (HTTP 507). */
export function isOutOfSpace(error: unknown): boolean {
  if (error instanceof StorageFullError) return true;
  const e = error as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: number } } | null;
  if (!e) return false;
  return FULL_DISK_CODES.has(e.code as string) || FULL_S3_NAMES.has(e.name as string) || FULL_S3_NAMES.has(e.code as string)
    || e.$metadata?.httpStatusCode === 507;
}
