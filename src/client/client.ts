// InvoiceClient: the typed client of the Invoice Service API. `client.api` reaches every endpoint
// with the types generated from the OpenAPI document (openapi-fetch); the methods below cover what
// integrators do most, and throw InvoiceApiError for any answer that is not a success.
import { randomUUID } from 'node:crypto';
import createClient, { type Client } from 'openapi-fetch';
import { InvoiceApiError, retryAfterSeconds } from './errors.ts';
import { importIdempotencyKey, readImportFile, type ImportFile } from './imports.ts';
import type { components, operations, paths } from './openapi-types.ts';
import { Session, type SessionOptions } from './session.ts';
import { createTransport, type RetryOptions } from './transport.ts';

type Schemas = components['schemas'];
type JsonOf<Op extends keyof operations, Status extends number> =
  operations[Op]['responses'] extends Record<Status, { content: { 'application/json': infer T } }> ? T : never;

export type Dossier = JsonOf<'getDossier', 200>;
export type Invoice = JsonOf<'getInvoice', 200>;
export type InvoiceList = JsonOf<'listInvoices', 200>;
export type InvoiceListItem = InvoiceList['data'][number];
export type InvoiceQuery = NonNullable<operations['listInvoices']['parameters']['query']>;
export type InvoicePatch = NonNullable<operations['correctInvoice']['requestBody']>['content']['application/json'];
export type ApiToken = JsonOf<'listApiTokens', 200>['data'][number];
export type CreatedApiToken = JsonOf<'createApiToken', 201>;
export type Export = JsonOf<'getExport', 200>;
export type ExportList = JsonOf<'listExports', 200>;
export type ExportRequest = operations['createExport']['requestBody']['content']['application/json'];
export type ExportFormat = ExportRequest['format'];
export type Webhook = JsonOf<'getWebhook', 200>;
export type CreatedWebhook = JsonOf<'createWebhook', 201>;
export type WebhookRequest = operations['createWebhook']['requestBody']['content']['application/json'];
export type WebhookDeliveries = JsonOf<'listWebhookDeliveries', 200>;
type PageQuery = { page?: number; per_page?: number };
export type { Schemas };

/** created: a new invoice; duplicate: the same bytes were already in the folder; replayed: the same Idempotency-Key was already answered. */
export type ImportOutcome = 'created' | 'duplicate' | 'replayed';

export interface InvoiceClientOptions extends Omit<SessionOptions, 'baseUrl' | 'fetch'> {
  /** The service's address, e.g. https://invoices.example.com */
  baseUrl: string;
  retry?: RetryOptions;
  fetch?: typeof fetch;
}

export interface WaitOptions { timeoutMs?: number; initialDelayMs?: number; maxDelayMs?: number; signal?: AbortSignal }

const sleep = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve, reject) => {
  const timer = setTimeout(resolve, ms);
  signal?.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason); }, { once: true });
});

/** The success body, or the answer's problem+json as an InvoiceApiError. */
async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) {
    throw new InvoiceApiError(response.status, (error ?? {}) as object, retryAfterSeconds(response.headers.get('retry-after')) ?? undefined);
  }
  return data as T;
}

export interface DownloadedFile { data: Uint8Array; type: string; fileName: string | undefined }

/** A file answer's bytes, type and attachment name, or its problem+json as an InvoiceApiError. */
async function download(call: Promise<{ response: Response }>): Promise<DownloadedFile> {
  const { response } = await call;
  if (!response.ok) throw await InvoiceApiError.fromResponse(response);
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { data: new Uint8Array(await response.arrayBuffer()), type: response.headers.get('content-type') ?? 'application/octet-stream', fileName };
}

export class InvoiceClient {
  /** Every endpoint, typed from the OpenAPI document: `client.api.GET('/api/v1/invoices/{id}', { params: { path: { id } } })`. */
  readonly api: Client<paths>;
  readonly session: Session;

  constructor(options: InvoiceClientOptions) {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    this.session = new Session({ ...options, fetch: fetchImpl });
    this.api = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), fetch: createTransport(this.session, fetchImpl, options.retry) });
  }

  /** A client signed in with an e-mail and password; it signs in again by itself when its token expires. */
  static async login(baseUrl: string, email: string, password: string, options: Omit<InvoiceClientOptions, 'baseUrl' | 'credentials'> = {}): Promise<InvoiceClient> {
    const client = new InvoiceClient({ ...options, baseUrl, credentials: { email, password } });
    await client.session.signIn();
    return client;
  }

  get token(): string | undefined { return this.session.token; }
  login(email: string, password: string): Promise<string> { return this.session.signIn(email, password); }
  refresh(): Promise<string> { return this.session.refresh(); }
  logout(): Promise<void> { return this.session.signOut(); }

  async listDossiers(): Promise<Dossier[]> { return (await unwrap(this.api.GET('/api/v1/dossiers'))).data; }
  getDossier(id: string): Promise<Dossier> { return unwrap(this.api.GET('/api/v1/dossiers/{id}', { params: { path: { id } } })); }
  createDossier(name: string): Promise<Dossier> { return unwrap(this.api.POST('/api/v1/dossiers', { body: { name } })); }

  /** A folder by its id (dos_…) or its exact name; an unknown one is a 404 InvoiceApiError. */
  async findDossier(idOrName: string): Promise<Dossier> {
    const dossiers = await this.listDossiers();
    const found = dossiers.find((d) => d.id === idOrName) ?? dossiers.find((d) => d.name === idOrName);
    if (!found) throw new InvoiceApiError(404, { title: 'Not Found', detail: `No folder ${JSON.stringify(idOrName)}`, code: 'not_found' });
    return found;
  }

  listInvoices(query: InvoiceQuery): Promise<InvoiceList> { return unwrap(this.api.GET('/api/v1/invoices', { params: { query } })); }

  /** Every invoice the query matches, page after page (100 a page unless per_page says otherwise). */
  async *allInvoices(query: Omit<InvoiceQuery, 'page'>): AsyncGenerator<InvoiceListItem> {
    const perPage = query.per_page ?? 100;
    for (let page = 1; ; page++) {
      const { data, meta } = await this.listInvoices({ ...query, page, per_page: perPage });
      yield* data;
      if (data.length === 0 || page * perPage >= meta.total) return;
    }
  }

  /** Count and sums of the invoices the list's filters match, over every page. */
  invoiceTotals(query: NonNullable<operations['getInvoiceTotals']['parameters']['query']>): Promise<JsonOf<'getInvoiceTotals', 200>> {
    return unwrap(this.api.GET('/api/v1/invoices/totals', { params: { query } }));
  }

  getInvoice(id: string): Promise<Invoice> { return unwrap(this.api.GET('/api/v1/invoices/{id}', { params: { path: { id } } })); }

  correctInvoice(id: string, patch: InvoicePatch): Promise<Invoice> {
    return unwrap(this.api.PATCH('/api/v1/invoices/{id}', { params: { path: { id } }, body: patch }));
  }

  /** Validates a pending invoice; a failing check is a 422 whose `details.reasons` say why, unless confirm is true. */
  validateInvoice(id: string, options: { confirm?: boolean } = {}): Promise<Invoice> {
    return unwrap(this.api.POST('/api/v1/invoices/{id}/validate', { params: { path: { id } }, body: { confirm: options.confirm ?? false } }));
  }

  /** The original file as imported, with its detected type. */
  downloadInvoiceFile(id: string): Promise<DownloadedFile> {
    return download(this.api.GET('/api/v1/invoices/{id}/file', { params: { path: { id } }, parseAs: 'stream' }));
  }

  /** Clears a likely-duplicate flag (the reviewer says it is not one); an invoice without a flag is a 409. */
  dismissDuplicate(id: string): Promise<Invoice> {
    return unwrap(this.api.POST('/api/v1/invoices/{id}/duplicate/dismiss', { params: { path: { id } } }));
  }

  /**
   * Imports a file (a path, or a name and bytes) into a folder. It always sends an Idempotency-Key
   * (derived from the folder, the bytes and the name unless given), so it is retried on 429/503 and
   * a re-run never imports the same file twice.
   */
  async importInvoice(file: ImportFile, dossierId: string, options: { idempotencyKey?: string } = {}): Promise<{ invoice: Invoice; outcome: ImportOutcome }> {
    const { name, data } = await readImportFile(file);
    const idempotencyKey = options.idempotencyKey ?? importIdempotencyKey(dossierId, name, data);
    const form = new FormData();
    form.append('dossier_id', dossierId);
    form.append('file', new Blob([data as Uint8Array<ArrayBuffer>]), name);
    const call = this.api.POST('/api/v1/invoices', {
      params: { header: { 'idempotency-key': idempotencyKey } },
      body: form as unknown as { file: string; dossier_id: string },
      bodySerializer: (body) => body as unknown as FormData,
    });
    const { response } = await call;
    const invoice = await unwrap(call);
    const outcome: ImportOutcome = response.status === 200 ? 'duplicate' : response.headers.get('idempotent-replayed') === 'true' ? 'replayed' : 'created';
    return { invoice, outcome };
  }

  /** Polls an invoice, with backoff, until its processing is done or failed; returns it then. */
  async waitForProcessing(id: string, options: WaitOptions = {}): Promise<Invoice> {
    const deadline = Date.now() + (options.timeoutMs ?? 600_000);
    let delay = options.initialDelayMs ?? 250;
    for (;;) {
      const invoice = await this.getInvoice(id);
      if (invoice.processing.state === 'done' || invoice.processing.state === 'failed') return invoice;
      if (Date.now() + delay > deadline) throw new Error(`Invoice ${id} still ${invoice.processing.state} after ${options.timeoutMs ?? 600_000} ms`);
      await sleep(delay, options.signal);
      delay = Math.min(options.maxDelayMs ?? 5000, Math.round(delay * 1.5));
    }
  }

  /**
   * Books a folder's validated invoices into an export batch (they become exported). It always sends
   * an Idempotency-Key (a new one unless given), so a 429 or 503 is retried without booking twice;
   * pass the same key to repeat a request whose answer was lost.
   */
  createExport(request: ExportRequest, options: { idempotencyKey?: string } = {}): Promise<Export> {
    const key = options.idempotencyKey ?? `export-${randomUUID()}`;
    return unwrap(this.api.POST('/api/v1/exports', { params: { header: { 'idempotency-key': key } }, body: request }));
  }
  listExports(query: NonNullable<operations['listExports']['parameters']['query']> = {}): Promise<ExportList> {
    return unwrap(this.api.GET('/api/v1/exports', { params: { query } }));
  }
  getExport(id: string): Promise<Export> { return unwrap(this.api.GET('/api/v1/exports/{id}', { params: { path: { id } } })); }
  /** The batch's FEC or CSV file, the same bytes however often it is downloaded. */
  downloadExportFile(id: string): Promise<DownloadedFile> {
    return download(this.api.GET('/api/v1/exports/{id}/file', { params: { path: { id } }, parseAs: 'stream' }));
  }
  /** Cancels a batch: its invoices return to validated. */
  cancelExport(id: string): Promise<Export> { return unwrap(this.api.POST('/api/v1/exports/{id}/cancel', { params: { path: { id } } })); }

  /** Registers a URL for events; the answer's signing secret is shown this once. */
  createWebhook(request: WebhookRequest): Promise<CreatedWebhook> { return unwrap(this.api.POST('/api/v1/webhooks', { body: request })); }
  listWebhooks(query: PageQuery = {}): Promise<JsonOf<'listWebhooks', 200>> { return unwrap(this.api.GET('/api/v1/webhooks', { params: { query } })); }
  getWebhook(id: string): Promise<Webhook> { return unwrap(this.api.GET('/api/v1/webhooks/{id}', { params: { path: { id } } })); }
  async deleteWebhook(id: string): Promise<void> { await unwrap(this.api.DELETE('/api/v1/webhooks/{id}', { params: { path: { id } } })); }
  listWebhookDeliveries(id: string, query: PageQuery = {}): Promise<WebhookDeliveries> {
    return unwrap(this.api.GET('/api/v1/webhooks/{id}/deliveries', { params: { path: { id }, query } }));
  }

  createToken(name: string, expiresInDays = 90): Promise<CreatedApiToken> {
    return unwrap(this.api.POST('/api/v1/tokens', { body: { name, expires_in_days: expiresInDays } }));
  }
  async listTokens(): Promise<ApiToken[]> { return (await unwrap(this.api.GET('/api/v1/tokens'))).data; }
  async revokeToken(id: string): Promise<void> { await unwrap(this.api.DELETE('/api/v1/tokens/{id}', { params: { path: { id } } })); }
}
