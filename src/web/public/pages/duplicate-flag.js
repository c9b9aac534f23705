// A likely duplicate of another invoice of the firm: a link to the original, and the reviewer's
// "not a duplicate", which the server records (who, when) before the invoice can be validated.
import { api } from '../api.js';
import { html } from '../html.js';
import { frDate, t } from '../i18n.js';
import { problemText } from '../problems.js';

export function DuplicateFlag({ invoice, onChange, onError }) {
  if (!invoice.duplicate_of) return null;
  if (invoice.duplicate_dismissed_at) return html`<p class="muted">${t('duplicateDismissed', frDate(invoice.duplicate_dismissed_at))}</p>`;
  const dismiss = async () => {
    try {
      onChange(await api('POST', `/api/v1/invoices/${invoice.id}/duplicate/dismiss`));
    } catch (err) {
      onError(problemText(err));
    }
  };
  return html`
    <div class="duplicate-flag">
      <span>${t('likelyDuplicate')} <a href=${`#/invoices/${invoice.duplicate_of}`}>${t('thatInvoice')}</a>.</span>
      <button type="button" disabled=${invoice.status === 'exported'} onClick=${dismiss}>${t('notADuplicate')}</button>
    </div>`;
}
