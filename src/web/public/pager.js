// Previous / next over a paged API list ({meta: {total, page, per_page}}), with where the reader is.
import { html } from './html.js';
import { t } from './i18n.js';

export function Pager({ page, meta, noun, onPage }) {
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.per_page)) : 1;
  return html`
    <nav class="pager" aria-label="Pagination">
      <button type="button" disabled=${page <= 1} onClick=${() => onPage(page - 1)}>${t('previous')}</button>
      <span>${t('page')} ${page} ${t('of')} ${pages} · ${meta?.total ?? 0} ${noun}</span>
      <button type="button" disabled=${page >= pages} onClick=${() => onPage(page + 1)}>${t('next')}</button>
    </nav>`;
}
