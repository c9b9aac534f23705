import path from 'node:path';
import type { Config } from '../config/config.ts';
import type { BlobStore } from './blob-store.ts';
import { localBlobStore } from './local-blob-store.ts';
import { s3BlobStore } from './s3-blob-store.ts';

export type { BlobStore } from './blob-store.ts';

export function openBlobStore(config: Pick<Config, 's3' | 'dataDir'>): BlobStore {
  return config.s3 ? s3BlobStore(config.s3) : localBlobStore(path.join(config.dataDir, 'blobs'));
}
