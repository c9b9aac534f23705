// The bearer token a client sends, kept fresh: it is traded for a new one (POST /api/auth/refresh)
// shortly before its JWT `exp`, and, when the client knows the e-mail and password, an expired or
// rejected token is replaced by signing in again.
import { InvoiceApiError } from './errors.ts';

export interface SessionOptions {
  baseUrl: string;
  fetch: typeof fetch;
  token?: string;
  credentials?: { email: string; password: string };
  /**
   * Trade the token for a fresh one before it expires (default true). A refresh revokes the old
   * token, so turn it off for a named API token shared by several processes.
   */
  refreshBeforeExpiry?: boolean;
  /** How long before `exp` the token is refreshed, in seconds (default 60). */
  refreshMarginSeconds?: number;
  /** Told every new token (sign-in or refresh), e.g. to store it. */
  onToken?: (token: string) => void | Promise<void>;
}

/** A JWT's `exp` in milliseconds, or undefined for a token that is not a readable JWT. */
export function tokenExpiry(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

export class Session {
  #token: string | undefined;
  #expiresAt: number | undefined;
  #credentials: SessionOptions['credentials'];
  // One refresh or sign-in at a time: concurrent requests wait for the same one, so a refresh never
  // revokes the token another refresh has just issued.
  #renewing: Promise<string> | undefined;
  readonly #options: SessionOptions;

  constructor(options: SessionOptions) {
    this.#options = options;
    this.#credentials = options.credentials;
    if (options.token) this.#set(options.token);
  }

  get token(): string | undefined { return this.#token; }
  get expiresAt(): Date | undefined { return this.#expiresAt ? new Date(this.#expiresAt) : undefined; }
  get canSignIn(): boolean { return this.#credentials !== undefined; }

  /** The token to send now, refreshed first when it is about to expire. */
  async bearer(): Promise<string | undefined> {
    if (this.#renewing) return this.#renewing;
    if (!this.#token) return this.#credentials ? this.signIn() : undefined;
    const left = this.#expiresAt === undefined ? Infinity : this.#expiresAt - Date.now();
    if (left <= 0) return this.#credentials ? this.signIn() : this.#token; // the server answers 401
    const margin = (this.#options.refreshMarginSeconds ?? 60) * 1000;
    if (left < margin && this.#options.refreshBeforeExpiry !== false) return this.refresh();
    return this.#token;
  }

  async signIn(email?: string, password?: string): Promise<string> {
    if (email !== undefined && password !== undefined) this.#credentials = { email, password };
    const credentials = this.#credentials;
    if (!credentials) throw new Error('No e-mail and password to sign in with');
    return this.#renew(() => this.#post('/api/auth/token', {
      headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials),
    }));
  }

  /** A fresh token for the current one, which the server revokes. */
  async refresh(): Promise<string> {
    const current = this.#token;
    if (!current) throw new Error('No token to refresh');
    return this.#renew(() => this.#post('/api/auth/refresh', { headers: { authorization: `Bearer ${current}` } }));
  }

  /** Revokes the current token on the server and forgets it. */
  async signOut(): Promise<void> {
    if (!this.#token) return;
    await this.#post('/api/auth/logout', { headers: { authorization: `Bearer ${this.#token}` } });
    this.#token = undefined;
    this.#expiresAt = undefined;
  }

  #renew(call: () => Promise<Response>): Promise<string> {
    this.#renewing ??= (async () => {
      try {
        const body = await (await call()).json() as { access_token: string };
        this.#set(body.access_token);
        await this.#options.onToken?.(body.access_token);
        return body.access_token;
      } finally {
        this.#renewing = undefined;
      }
    })();
    return this.#renewing;
  }

  async #post(pathname: string, init: { headers: Record<string, string>; body?: string }): Promise<Response> {
    const response = await this.#options.fetch(new URL(pathname, this.#options.baseUrl), { method: 'POST', ...init });
    if (!response.ok) throw await InvoiceApiError.fromResponse(response);
    return response;
  }

  #set(token: string): void {
    this.#token = token;
    this.#expiresAt = tokenExpiry(token);
  }
}
