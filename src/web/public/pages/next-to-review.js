// "Suivante à vérifier": the folder's next pending invoice in the table's order, so a reviewer goes
// through a folder without returning to the list. Worked out when the invoice opens, while it is
// usually still pending (so its place in that order is known), and kept after it is validated.
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { html } from '../html.js';
import { t } from '../i18n.js';
import { tableOrder } from '../table-order.js';

const PER_PAGE = 100;
/** A folder with more pending invoices than this is reviewed from its first ones. */
const MAX_PAGES = 20;

async function pendingIds(dossierId) {
  const ids = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const params = new URLSearchParams({ dossier_id: dossierId, status: 'pending', sort: tableOrder.get(dossierId), page: String(page), per_page: String(PER_PAGE) });
    const { data, meta } = await api('GET', `/api/v1/invoices?${params}`);
    ids.push(...data.map((r) => r.id));
    if (page * PER_PAGE >= meta.total) break;
  }
  return ids;
}

/** The one after `id` in order, wrapping to the first; the first when `id` is not pending; null when none other. */
export function nextAfter(ids, id) {
  const others = ids.filter((x) => x !== id);
  if (!others.length) return null;
  const at = ids.indexOf(id);
  return at === -1 ? others[0] : ids[(at + 1) % ids.length];
}

export function NextToReview({ invoice }) {
  const [next, setNext] = useState(undefined);
  useEffect(() => {
    pendingIds(invoice.dossier_id).then((ids) => setNext(nextAfter(ids, invoice.id)), () => setNext(null));
  }, [invoice.id]);
  return html`
    <span class="next-to-review">
      <button type="button" class="primary" disabled=${!next} aria-describedby=${next === null ? 'none-left' : undefined}
        onClick=${() => { location.hash = `#/invoices/${next}`; }}>${t('nextToReview')} →</button>
      ${next === null && html`<span id="none-left" class="muted" role="status">${t('noneLeft')}</span>`}
    </span>`;
}
