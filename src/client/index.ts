// The package's client entry point: `import { InvoiceClient } from 'invoice-service'`.
export { InvoiceClient } from './client.ts';
export type {
  ApiToken, CreatedApiToken, Dossier, DownloadedFile, Export, ExportFormat, ExportList, ExportRequest, ImportOutcome, Invoice, InvoiceClientOptions, InvoiceList, InvoiceListItem,
  InvoicePatch, InvoiceQuery, Schemas, WaitOptions, Webhook, CreatedWebhook, WebhookRequest, WebhookDeliveries,
} from './client.ts';
export { InvoiceApiError, type Problem } from './errors.ts';
export { importIdempotencyKey, type ImportFile } from './imports.ts';
export { Session, tokenExpiry, type SessionOptions } from './session.ts';
export type { RetryOptions } from './transport.ts';
export type { components, operations, paths } from './openapi-types.ts';
