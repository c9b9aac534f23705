// What use cases need from the outside world; built once in main.ts (or by a test) and passed down.
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { JobQueue } from '../jobs/queue.ts';

export interface Deps {
  config: Config;
  db: Database;
  blobs: BlobStore;
  queue: JobQueue;
  jwtSecret: Uint8Array;
  logger: Logger;
}

/** Who is calling: resolved from a verified bearer token. Every use case is scoped by firmId. */
export interface Principal {
  firmId: string;
  userId: string;
  tokenId: string;
}
