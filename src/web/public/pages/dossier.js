// A folder's invoices: the API's filters, server-side sorting and paging, and the upload panel.
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { html } from '../html.js';
import { frDate, money, t } from '../i18n.js';
import { UploadPanel } from './upload.js';
import { FrDateInput, parseFrDate } from '../inputs.js';

const COLUMNS = [
  { key: 'date_facture', label: 'date' },
  { key: 'fournisseur', label: 'supplier' },
  { key: 'montant_ttc', label: 'ttc' },
  { key: 'status', label: 'status' },
];

export const StatusBadge = ({ status }) => html`<span class=${`badge badge-${status}`}>${t(status)}</span>`;

export function DossierPage({ id }) {
  const [dossier, setDossier] = useState(null);
  const [query, setQuery] = useState({ status: '', date_from: '', date_to: '', sort: '-date_facture', page: 1 });
  const [dates, setDates] = useState({ from: '', to: '' });
  const setDate = (key, text) => {
    setDates({ ...dates, [key]: text });
    const iso = parseFrDate(text);
    if (iso !== undefined) set({ [key === 'from' ? 'date_from' : 'date_to']: iso ?? '' });
  };
  const [list, setList] = useState(null);
  const [error, setError] = useState(null);
  const [reload, setReload] = useState(0);

  useEffect(() => { api('GET', `/api/v1/dossiers/${id}`).then(setDossier, (e) => setError(e.message)); }, [id]);
  useEffect(() => {
    const params = new URLSearchParams({ dossier_id: id, page: String(query.page), per_page: '25', sort: query.sort });
    for (const k of ['status', 'date_from', 'date_to']) if (query[k]) params.set(k, query[k]);
    api('GET', `/api/v1/invoices?${params}`).then((r) => { setList(r); setError(null); }, (e) => setError(e.message));
  }, [id, query, reload]);

  const set = (patch) => setQuery({ ...query, page: 1, ...patch });
  const sortBy = (key) => set({ sort: query.sort === `-${key}` ? key : `-${key}` });
  const ariaSort = (key) => (query.sort === key ? 'ascending' : query.sort === `-${key}` ? 'descending' : 'none');
  const pages = list ? Math.max(1, Math.ceil(list.meta.total / list.meta.per_page)) : 1;

  return html`
    <p><a href="#/">← ${t('folders')}</a></p>
    <h1>${dossier?.name ?? '…'}</h1>
    <${UploadPanel} dossierId=${id} onProcessed=${() => setReload((n) => n + 1)} />
    <form class="filters card" onSubmit=${(e) => e.preventDefault()} aria-label=${t('filter')}>
      <div><label for="status-filter">${t('status')}</label>
        <select id="status-filter" value=${query.status} onChange=${(e) => set({ status: e.target.value })}>
          <option value="">${t('all')}</option>
          ${['pending', 'validated', 'exported'].map((s) => html`<option value=${s}>${t(s)}</option>`)}
        </select></div>
      <div><${FrDateInput} id="date-from" label=${t('dateFrom')} value=${dates.from} invalidText=${t('invalidDate')} onChange=${(v) => setDate('from', v)} /></div>
      <div><${FrDateInput} id="date-to" label=${t('dateTo')} value=${dates.to} invalidText=${t('invalidDate')} onChange=${(v) => setDate('to', v)} /></div>
    </form>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    <div class="table-wrap">
      <table class="invoices">
        <thead><tr>
          ${COLUMNS.map((c) => html`<th aria-sort=${ariaSort(c.key)}>
            <button type="button" class="sort" onClick=${() => sortBy(c.key)}>${t(c.label)}
              <span aria-hidden="true">${ariaSort(c.key) === 'ascending' ? ' ▲' : ariaSort(c.key) === 'descending' ? ' ▼' : ''}</span></button></th>`)}
          <th>${t('siret')}</th>
        </tr></thead>
        <tbody>
          ${list?.data.length === 0 && html`<tr><td colspan="5">${t('noInvoices')}</td></tr>`}
          ${list?.data.map((inv) => html`
            <tr>
              <td><a href=${`#/invoices/${inv.id}`}>${frDate(inv.date_facture)}</a></td>
              <td><a href=${`#/invoices/${inv.id}`}>${inv.fournisseur ?? '—'}</a></td>
              <td class="num">${money(inv.montant_ttc)}</td>
              <td><${StatusBadge} status=${inv.status} /></td>
              <td>${inv.siret ?? '—'}</td>
            </tr>`)}
        </tbody>
      </table>
    </div>
    <nav class="pager" aria-label="Pagination">
      <button type="button" disabled=${query.page <= 1} onClick=${() => setQuery({ ...query, page: query.page - 1 })}>${t('previous')}</button>
      <span>${t('page')} ${query.page} ${t('of')} ${pages} · ${list?.meta.total ?? 0} ${t('invoices')}</span>
      <button type="button" disabled=${query.page >= pages} onClick=${() => setQuery({ ...query, page: query.page + 1 })}>${t('next')}</button>
    </nav>`;
}
