import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';

/**
 * JWT_SECRET when set; otherwise a random secret generated once and kept in DATA_DIR, so tokens
 * survive restarts on a laptop. (Production refuses to start without JWT_SECRET: see config.ts.)
 */
export function resolveJwtSecret(config: Pick<Config, 'jwt' | 'dataDir'>): Uint8Array {
  if (config.jwt.secret) return new TextEncoder().encode(config.jwt.secret);
  const file = path.join(config.dataDir, 'jwt-secret');
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}
