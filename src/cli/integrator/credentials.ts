// Where `invoices login` keeps the service's address and the token, and how a command finds them:
// INVOICES_URL and INVOICES_TOKEN first (for scripts and CI), then the file in the user's config
// directory (~/.config/invoices/config.json on Linux, XDG_CONFIG_HOME honoured), readable by the
// user alone.
import fs from 'node:fs';
import path from 'node:path';
import envPaths from 'env-paths';
import { InvoiceClient } from '../../client/client.ts';
import { AuthError } from './exit.ts';

export interface StoredLogin { url: string; token: string }

export function credentialsFile(): string {
  return path.join(envPaths('invoices', { suffix: '' }).config, 'config.json');
}

export function readStoredLogin(): StoredLogin | undefined {
  try {
    const stored = JSON.parse(fs.readFileSync(credentialsFile(), 'utf8')) as Partial<StoredLogin>;
    return typeof stored.url === 'string' && typeof stored.token === 'string' ? { url: stored.url, token: stored.token } : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the file with mode 0600 from its first byte (a temporary file renamed over the old one). */
export function storeLogin(login: StoredLogin): string {
  const file = credentialsFile();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
  return file;
}

/**
 * A client for the current user. A token from the environment is used as it is: refreshing it would
 * revoke it, and a named API token is usually shared. The stored session token is refreshed before
 * it expires and the fresh one is stored.
 */
export function connect(env: NodeJS.ProcessEnv = process.env): InvoiceClient {
  const stored = readStoredLogin();
  const url = env.INVOICES_URL || stored?.url;
  const token = env.INVOICES_TOKEN || stored?.token;
  if (!url || !token) throw new AuthError('Not signed in: run `invoices login`, or set INVOICES_URL and INVOICES_TOKEN');
  if (env.INVOICES_TOKEN) return new InvoiceClient({ baseUrl: url, token, refreshBeforeExpiry: false });
  return new InvoiceClient({ baseUrl: url, token, onToken: (fresh) => { storeLogin({ url, token: fresh }); } });
}
