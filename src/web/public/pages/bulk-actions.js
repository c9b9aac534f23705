// What the reviewer does with the selected invoices: validate them (one POST each, the same call as
// the invoice page) or export them (one batch). The result stays on screen until the next action.
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { html } from '../html.js';
import { fieldLabel, money, reviewReasons, t } from '../i18n.js';
import { problemText } from '../problems.js';

const FORMATS = [{ value: 'fec', label: 'FEC' }, { value: 'csv', label: 'CSV' }];

/** Validates one by one, so one refusal never hides the others; a 422 carries the failing checks. */
async function validateAll(ids, nameOf) {
  const result = { validated: 0, refused: [] };
  for (const id of ids) {
    try {
      await api('POST', `/api/v1/invoices/${id}/validate`, { confirm: false });
      result.validated++;
    } catch (err) {
      const reasons = err.problem?.code === 'checks_failed' ? reviewReasons(err.problem.details.reason_codes, err.problem.details.reasons) : [problemText(err)];
      result.refused.push({ id, name: nameOf(id), reasons });
    }
  }
  return result;
}

/** The export's refusal, naming the selected invoices that are not validated when the server lists them. */
function exportError(err, nameOf) {
  const refused = err.problem?.details?.invoice_ids;
  return Array.isArray(refused) && refused.length ? `${problemText(err)} (${refused.map(nameOf).join(' ; ')})` : problemText(err);
}

function Result({ result, dossierId }) {
  if (result.error) return html`<p class="error" role="alert">${result.error}</p>`;
  if (result.export) {
    const e = result.export;
    return html`<p class="ok" role="status">${t('exportCreated', e.invoice_count)} ${fieldLabel('montant_ttc', { short: true })} ${money(e.totals.montant_ttc)} ·
      <a href=${`#/dossiers/${dossierId}/exports`}>${t('seeExports')}</a></p>`;
  }
  return html`<div class="bulk-result" role="status">
    <p class="ok">${t('bulkValidated', result.validated)}</p>
    ${result.refused.length > 0 && html`<p class="error">${t('bulkRefused', result.refused.length)}</p>
      <ul class="refused">${result.refused.map((r) => html`<li><a href=${`#/invoices/${r.id}`}>${r.name}</a> : ${r.reasons.join(' ; ')}</li>`)}</ul>`}
  </div>`;
}

export function BulkActions({ dossierId, selected, nameOf, onDone }) {
  const [busy, setBusy] = useState(false);
  const [format, setFormat] = useState('fec');
  const [result, setResult] = useState(null);
  const ids = [...selected];
  const run = async (action) => {
    setBusy(true);
    setResult(null);
    try {
      setResult(await action());
    } catch (err) {
      setResult({ error: exportError(err, nameOf) });
    } finally {
      setBusy(false);
      onDone();
    }
  };
  const validate = () => run(() => validateAll(ids, nameOf));
  const exportSelected = () => run(async () => ({
    export: await api('POST', '/api/v1/exports', { dossier_id: dossierId, format, invoice_ids: ids }),
  }));
  return html`
    <section class="bulk card" aria-label=${t('selectedCount', ids.length)}>
      <span class="count">${t('selectedCount', ids.length)}</span>
      <button type="button" class="primary" disabled=${busy || !ids.length} onClick=${validate}>${t('validate')}</button>
      <span class="export-group">
        <label for="export-format">${t('format')}</label>
        <select id="export-format" value=${format} onChange=${(e) => setFormat(e.target.value)}>
          ${FORMATS.map((f) => html`<option value=${f.value}>${f.label}</option>`)}
        </select>
        <button type="button" disabled=${busy || !ids.length} onClick=${exportSelected}>${t('exportAction')}</button>
      </span>
      ${busy && html`<span class="muted" role="status">${t('working')}</span>`}
      ${result && html`<${Result} result=${result} dossierId=${dossierId} />`}
    </section>`;
}
