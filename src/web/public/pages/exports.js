// A folder's export batches: their totals, their file, and cancelling one (after a confirmation),
// which returns its invoices to "validated". A new batch takes every validated invoice of a period.
import { useEffect, useState } from 'preact/hooks';
import { api, downloadFile } from '../api.js';
import { html } from '../html.js';
import { fieldLabel, frDate, money, t } from '../i18n.js';
import { FrDateInput, parseFrDate } from '../inputs.js';
import { Pager } from '../pager.js';
import { problemText } from '../problems.js';

const download = (batch) => downloadFile(`/api/v1/exports/${batch.id}/file`, batch.file_name);

function NewExport({ dossierId, onCreated, onError }) {
  const [format, setFormat] = useState('fec');
  const [dates, setDates] = useState({ from: '', to: '' });
  const from = parseFrDate(dates.from);
  const to = parseFrDate(dates.to);
  const submit = async (e) => {
    e.preventDefault();
    try {
      const body = { dossier_id: dossierId, format, ...(from ? { date_from: from } : {}), ...(to ? { date_to: to } : {}) };
      onCreated(await api('POST', '/api/v1/exports', body));
    } catch (err) {
      onError(problemText(err));
    }
  };
  return html`
    <form class="card filters new-export" onSubmit=${submit} aria-labelledby="new-export-title">
      <h2 id="new-export-title">${t('newExport')}</h2>
      <div><label for="new-export-format">${t('format')}</label>
        <select id="new-export-format" value=${format} onChange=${(e) => setFormat(e.target.value)}>
          <option value="fec">FEC</option><option value="csv">CSV</option>
        </select></div>
      <div><${FrDateInput} id="export-from" label=${t('dateFrom')} value=${dates.from} invalidText=${t('invalidDate')} onChange=${(v) => setDates({ ...dates, from: v })} /></div>
      <div><${FrDateInput} id="export-to" label=${t('dateTo')} value=${dates.to} invalidText=${t('invalidDate')} onChange=${(v) => setDates({ ...dates, to: v })} /></div>
      <div><button type="submit" disabled=${from === undefined || to === undefined}>${t('exportAllValidated')}</button></div>
    </form>`;
}

function BatchRow({ batch, onCancel, onError }) {
  const [confirming, setConfirming] = useState(false);
  const cancelled = batch.status === 'cancelled';
  const label = `${batch.format.toUpperCase()} ${frDate(batch.created_at)}`;
  return html`
    <tr data-id=${batch.id}>
      <td>${frDate(batch.created_at)}</td>
      <td>${batch.format.toUpperCase()}</td>
      <td class="num">${batch.invoice_count}</td>
      <td class="num secondary">${money(batch.totals.montant_ht)}</td>
      <td class="num secondary">${money(batch.totals.montant_tva)}</td>
      <td class="num">${money(batch.totals.montant_ttc)}</td>
      <td>${cancelled ? html`<span class="badge badge-cancelled">${t('cancelled')}</span> <span class="muted">${frDate(batch.cancelled_at)}</span>`
        : html`<span class="badge badge-exported">${t('active')}</span>`}</td>
      <td><div class="actions-cell">
        <button type="button" aria-label=${`${t('downloadFile')} ${batch.file_name}`} onClick=${() => download(batch).catch((e) => onError(problemText(e)))}>${t('downloadFile')}</button>
        ${!cancelled && !confirming && html`<button type="button" aria-label=${`${t('cancelExport')} ${label}`} onClick=${() => setConfirming(true)}>${t('cancelExport')}</button>`}
        ${confirming && html`<span class="confirm" role="group" aria-label=${t('confirmCancel')}>
          <span>${t('confirmCancel')}</span>
          <button type="button" class="danger" onClick=${async () => { setConfirming(false); await onCancel(batch); }}>${t('confirmYes')}</button>
          <button type="button" onClick=${() => setConfirming(false)}>${t('confirmNo')}</button></span>`}
      </div></td>
    </tr>`;
}

export function ExportsPage({ id }) {
  const [dossier, setDossier] = useState(null);
  const [list, setList] = useState(null);
  const [page, setPage] = useState(1);
  const [reload, setReload] = useState(0);
  const [message, setMessage] = useState(null);
  const load = () => setReload((n) => n + 1);
  useEffect(() => { api('GET', `/api/v1/dossiers/${id}`).then(setDossier, (e) => setMessage({ error: problemText(e) })); }, [id]);
  useEffect(() => {
    api('GET', `/api/v1/exports?dossier_id=${encodeURIComponent(id)}&page=${page}&per_page=25`).then(setList, (e) => setMessage({ error: problemText(e) }));
  }, [id, page, reload]);
  const batches = list?.data;
  const cancel = async (batch) => {
    try {
      await api('POST', `/api/v1/exports/${batch.id}/cancel`);
      setMessage({ ok: t('exportCancelled') });
    } catch (err) {
      setMessage({ error: problemText(err) });
    }
    load();
  };
  const onError = (error) => setMessage({ error });
  return html`
    <p><a href=${`#/dossiers/${id}`}>← ${dossier?.name ?? t('back')}</a></p>
    <h1>${t('exportsOf', dossier?.name ?? '…')}</h1>
    <${NewExport} dossierId=${id} onCreated=${(b) => { setMessage({ ok: t('exportCreated', b.invoice_count) }); load(); }} onError=${onError} />
    ${message?.ok && html`<p class="ok" role="status">${message.ok}</p>`}
    ${message?.error && html`<p class="error" role="alert">${message.error}</p>`}
    <div class="table-wrap" tabindex="0" role="region" aria-label=${t('exports')}><table class="exports">
      <thead><tr><th scope="col">${t('created')}</th><th scope="col">${t('format')}</th><th scope="col" class="num">${t('invoiceCount')}</th>
        <th scope="col" class="num secondary">${fieldLabel('montant_ht', { short: true })}</th><th scope="col" class="num secondary">${fieldLabel('montant_tva', { short: true })}</th>
        <th scope="col" class="num">${fieldLabel('montant_ttc', { short: true })}</th><th scope="col">${t('status')}</th><th scope="col">${t('actions')}</th></tr></thead>
      <tbody>
        ${batches?.length === 0 && html`<tr><td colspan="8">${t('noExports')}</td></tr>`}
        ${batches?.map((b) => html`<${BatchRow} key=${b.id} batch=${b} onCancel=${cancel} onError=${onError} />`)}
      </tbody>
    </table></div>
    <${Pager} page=${page} meta=${list?.meta} noun=${t('exports').toLowerCase()} onPage=${setPage} />`;
}
