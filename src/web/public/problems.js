// An API error as the reviewer should read it: the known problem codes in the UI's language, the
// server's own wording (English) only for what the UI has no words for.
import { t } from './i18n.js';

const BY_CODE = {
  invoice_read_only: 'readOnly', processing_in_progress: 'processingNow', invalid_credentials: 'badCredentials',
  too_many_attempts: 'tooManyAttempts', invoices_not_exportable: 'exportNotValidated', nothing_to_export: 'exportNothing',
  invoices_incomplete: 'exportIncomplete', export_cancelled: 'exportAlreadyCancelled', not_found: 'notFound', unsupported_media_type: 'unsupportedType', payload_too_large: 'tooLarge',
};

export function problemText(error) {
  const code = error?.problem?.code;
  if (code && BY_CODE[code]) return t(BY_CODE[code]);
  if (error?.status === 404) return t('notFound');
  if (error?.status === 0) return t('networkError');
  return error?.message ?? String(error);
}
