import type { Readable } from 'node:stream';

/** Where original files live. Keys are opaque paths such as "firm_x/inv_y.pdf". */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Streams body to key; nothing is visible under key unless the whole body was written. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  get(key: string): Promise<Readable>;
  read(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9_]+(\/[A-Za-z0-9_.-]+)*$/.test(key) || key.includes('..')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
