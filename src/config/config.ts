// The only module that reads process.env. Everything else receives a frozen Config.
import os from 'node:os';
import path from 'node:path';
import { CHARGE_ACCOUNT_PATTERN } from '../domain/exports.ts';
import { ConfigError, envReader } from './env-reader.ts';

export type Role = 'all' | 'api' | 'worker';

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

export interface Config {
  nodeEnv: string;
  production: boolean;
  role: Role;
  host: string;
  port: number;
  logLevel: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwt: { secret: string | undefined; issuer: string; audience: string; ttlSeconds: number };
  login: { maxFailures: number; lockSeconds: number };
  /** Requests to /api/v1 per window, per token and per firm, in each API process; 0 turns a limit off. */
  rateLimit: { windowSeconds: number; perToken: number; perFirm: number };
  maxUploadBytes: number;
  s3: S3Config | undefined;
  jobs: { concurrency: number; retryLimit: number; retryDelaySeconds: number; leaseSeconds: number; superviseSeconds: number; pollSeconds: number };
  extraction: { timeoutMs: number; maxPages: number; maxPixels: number; maxMemoryMb: number; maxDecodedBytes: number; ocrWorkers: number; ocrIdleMs: number };
  admin: { email: string; password: string; firm: string } | undefined;
  /** FEC exports: the charge account debited with an invoice's amount before VAT, unless the request names one. */
  fec: { chargeAccount: string };
  /**
   * Webhook deliveries: attempts before a delivery is marked failed, the first retry's delay (doubled
   * after each failure), the time limit of one attempt, and whether private addresses may be targets.
   */
  webhooks: { maxAttempts: number; retryDelaySeconds: number; timeoutMs: number; allowPrivateTargets: boolean };
}

export { ConfigError };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const read = envReader(env);
  const nodeEnv = read.string('NODE_ENV', 'development');
  const production = nodeEnv === 'production';
  const jwtSecret = read.optional('JWT_SECRET');
  if (production && !jwtSecret) throw new ConfigError('JWT_SECRET', 'is required when NODE_ENV=production');
  if (jwtSecret && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET', 'must be at least 32 characters');

  const databaseUrl = read.optional('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'must start with postgres:// or postgresql://');
  }

  const adminEmail = read.optional('ADMIN_EMAIL');
  const adminPassword = read.optional('ADMIN_PASSWORD');
  if (Boolean(adminEmail) !== Boolean(adminPassword)) {
    throw new ConfigError(adminEmail ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL', 'must be set together with the other ADMIN_* variable');
  }
  if (adminPassword && adminPassword.length < 10) throw new ConfigError('ADMIN_PASSWORD', 'must be at least 10 characters');

  const chargeAccount = read.string('FEC_CHARGE_ACCOUNT', '606000');
  if (!new RegExp(CHARGE_ACCOUNT_PATTERN).test(chargeAccount)) throw new ConfigError('FEC_CHARGE_ACCOUNT', `must be a class 6 account of 3 to 10 digits (e.g. 606000), got "${chargeAccount}"`);

  const bucket = read.optional('S3_BUCKET');
  const cores = Math.max(1, os.availableParallelism());

  return Object.freeze({
    nodeEnv,
    production,
    role: read.oneOf('ROLE', ['all', 'api', 'worker'] as const, 'all'),
    host: read.string('HOST', production ? '0.0.0.0' : '127.0.0.1'),
    port: read.integer('PORT', 3000, { min: 0, max: 65535 }),
    logLevel: read.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    dataDir: path.resolve(read.string('DATA_DIR', './data')),
    databaseUrl,
    jwt: {
      secret: jwtSecret,
      issuer: read.string('JWT_ISSUER', 'invoice-service'),
      audience: read.string('JWT_AUDIENCE', 'invoice-service-api'),
      ttlSeconds: 86400,
    },
    login: {
      maxFailures: read.integer('LOGIN_MAX_FAILURES', 5, { min: 1, max: 1000 }),
      lockSeconds: read.integer('LOGIN_LOCK_SECONDS', 900, { min: 1, max: 86400 }),
    },
    rateLimit: {
      windowSeconds: read.integer('RATE_LIMIT_WINDOW_SECONDS', 60, { min: 1, max: 3600 }),
      perToken: read.integer('RATE_LIMIT_PER_TOKEN', 1200, { min: 0, max: 100_000_000 }),
      perFirm: read.integer('RATE_LIMIT_PER_FIRM', 6000, { min: 0, max: 100_000_000 }),
    },
    maxUploadBytes: read.integer('MAX_UPLOAD_BYTES', 25 * 1024 * 1024, { min: 1024, max: 1024 ** 3 }),
    s3: bucket
      ? {
          bucket,
          region: read.string('S3_REGION', 'us-east-1'),
          endpoint: read.optional('S3_ENDPOINT'),
          forcePathStyle: read.boolean('S3_FORCE_PATH_STYLE', false),
          accessKeyId: read.optional('S3_ACCESS_KEY_ID'),
          secretAccessKey: read.optional('S3_SECRET_ACCESS_KEY'),
        }
      : undefined,
    jobs: {
      concurrency: read.integer('WORKER_CONCURRENCY', cores, { min: 1, max: 64 }),
      retryLimit: read.integer('JOB_RETRY_LIMIT', 3, { min: 0, max: 20 }),
      retryDelaySeconds: read.integer('JOB_RETRY_DELAY_SECONDS', 5, { min: 1, max: 3600 }),
      leaseSeconds: read.integer('JOB_LEASE_SECONDS', 60, { min: 10, max: 3600 }),
      superviseSeconds: read.integer('JOB_SUPERVISE_SECONDS', 15, { min: 1, max: 3600 }),
      pollSeconds: read.number('JOB_POLL_SECONDS', 1, { min: 0.5, max: 60 }),
    },
    extraction: {
      timeoutMs: read.integer('EXTRACTION_TIMEOUT_MS', 120_000, { min: 1000, max: 3_600_000 }),
      maxPages: read.integer('EXTRACTION_MAX_PAGES', 50, { min: 1, max: 1000 }),
      maxPixels: read.integer('EXTRACTION_MAX_PIXELS', 60_000_000, { min: 1_000_000, max: 500_000_000 }),
      // Per extraction, each in its own process (src/extraction/sandbox): over it, the process is killed.
      maxMemoryMb: read.integer('EXTRACTION_MAX_MEMORY_MB', 640, { min: 256, max: 16_384 }),
      // What a PDF's compressed streams may inflate to, together, checked before pdf.js decodes any.
      maxDecodedBytes: read.integer('EXTRACTION_MAX_DECODED_MB', 256, { min: 16, max: 4096 }) * 1024 * 1024,
      ocrWorkers: read.integer('OCR_WORKERS', Math.min(cores, 4), { min: 1, max: 32 }),
      // How long a sandbox keeps its OCR worker when no extraction follows (src/extraction/sandbox/child.ts).
      ocrIdleMs: read.integer('OCR_IDLE_MS', 1000, { min: 0, max: 600_000 }),
    },
    admin: adminEmail && adminPassword
      ? { email: adminEmail, password: adminPassword, firm: read.string('ADMIN_FIRM', 'My firm') }
      : undefined,
    fec: { chargeAccount },
    webhooks: {
      maxAttempts: read.integer('WEBHOOK_MAX_ATTEMPTS', 8, { min: 1, max: 20 }),
      retryDelaySeconds: read.number('WEBHOOK_RETRY_DELAY_SECONDS', 30, { min: 0.1, max: 86_400 }),
      timeoutMs: read.integer('WEBHOOK_TIMEOUT_MS', 10_000, { min: 100, max: 60_000 }),
      // Off in production: a firm must not be able to make the server call its own network (SSRF).
      allowPrivateTargets: read.boolean('WEBHOOK_ALLOW_PRIVATE_TARGETS', false),
    },
  });
}
