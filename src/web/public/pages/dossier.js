// A folder's invoices: the API's filters, server-side sorting and paging, the totals of the filter,
// bulk validate/export of the selection, and the upload panel.
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { html } from '../html.js';
import { problemText } from '../problems.js';
import { t } from '../i18n.js';
import { FrDateInput, parseFrDate } from '../inputs.js';
import { Pager } from '../pager.js';
import { tableOrder } from '../table-order.js';
import { BulkActions } from './bulk-actions.js';
import { InvoiceTable, rowName, StatusBadge } from './invoice-table.js';
import { UploadPanel } from './upload.js';

export { StatusBadge };

const FILTERS = ['status', 'date_from', 'date_to'];

export function DossierPage({ id }) {
  const [dossier, setDossier] = useState(null);
  const [query, setQuery] = useState({ status: '', date_from: '', date_to: '', sort: tableOrder.get(id), page: 1 });
  const [dates, setDates] = useState({ from: '', to: '' });
  const [list, setList] = useState(null);
  const [totals, setTotals] = useState(null);
  const [selected, setSelected] = useState(new Set());
  const [error, setError] = useState(null);
  const [reload, setReload] = useState(0);

  useEffect(() => { api('GET', `/api/v1/dossiers/${id}`).then(setDossier, (e) => setError(problemText(e))); }, [id]);
  const filter = new URLSearchParams({ dossier_id: id });
  for (const k of FILTERS) if (query[k]) filter.set(k, query[k]);
  useEffect(() => {
    const page = new URLSearchParams({ ...Object.fromEntries(filter), page: String(query.page), per_page: '25', sort: query.sort });
    api('GET', `/api/v1/invoices?${page}`).then((r) => { setList(r); setError(null); }, (e) => setError(problemText(e)));
  }, [id, query, reload]);
  // The sums depend on the filter only: turning a page or sorting does not ask for them again.
  useEffect(() => {
    api('GET', `/api/v1/invoices/totals?${filter}`).then(setTotals, (e) => setError(problemText(e)));
  }, [id, String(filter), reload]);

  // A new filter, order or page shows other rows: what is acted on must be what is seen.
  const set = (patch) => { setSelected(new Set()); setQuery({ ...query, page: 1, ...patch }); };
  const setDate = (key, text) => {
    setDates({ ...dates, [key]: text });
    const iso = parseFrDate(text);
    if (iso !== undefined) set({ [key === 'from' ? 'date_from' : 'date_to']: iso ?? '' });
  };
  const sortBy = (key) => {
    const sort = query.sort === `-${key}` ? key : `-${key}`;
    tableOrder.set(id, sort);
    set({ sort });
  };
  const goTo = (page) => { setSelected(new Set()); setQuery({ ...query, page }); };
  const nameOf = (invoiceId) => {
    const inv = list?.data.find((r) => r.id === invoiceId);
    return inv ? rowName(inv) : invoiceId;
  };

  return html`
    <p><a href="#/">← ${t('folders')}</a></p>
    <div class="page-head">
      <h1>${dossier?.name ?? '…'}</h1>
      <a href=${`#/dossiers/${id}/exports`}>${t('exports')}</a>
    </div>
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
    <${BulkActions} dossierId=${id} selected=${selected} nameOf=${nameOf} onDone=${() => setReload((n) => n + 1)} />
    <${InvoiceTable} rows=${list?.data} totals=${totals} sort=${query.sort} onSort=${sortBy} selected=${selected} onSelect=${setSelected} />
    <${Pager} page=${query.page} meta=${list?.meta} noun=${t('invoices')} onPage=${goTo} />`;
}
