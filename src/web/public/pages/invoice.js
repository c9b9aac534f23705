// One invoice: the document on one side, the extracted fields on the other, editable inline;
// low-confidence fields and review reasons stand out; validate, download, and the history.
import { useEffect, useState } from 'preact/hooks';
import { api, downloadFile } from '../api.js';
import { html } from '../html.js';
import { FIELDS as REGISTRY } from '../fields.js';
import { dismissalText, fieldLabel, frDate, money, reviewReasons, t } from '../i18n.js';
import { problemText } from '../problems.js';
import { NextToReview } from './next-to-review.js';
import { StatusBadge } from './dossier.js';
import { DocumentPreview } from './preview.js';
import { FacturxValues } from './facturx-values.js';
import { DuplicateFlag } from './duplicate-flag.js';
import { amountToFr, isoToFr, parseFrAmount, parseFrDate } from '../inputs.js';

// The form reads as an invoice does: who issued it and which invoice it is, then the amounts; the
// other fields follow in the registry's order, so a field added there appears here by itself.
const FORM_FIRST = ['fournisseur', 'siret', 'numero', 'date_facture'];
/** The keyboard a phone shows for each kind of field; the others get the ordinary one. */
const INPUT_MODE = { amount: 'decimal', date: 'numeric', siret: 'numeric' };
const formRank = (f) => (FORM_FIRST.includes(f.name) ? FORM_FIRST.indexOf(f.name) : FORM_FIRST.length);
const FIELDS = [...REGISTRY].sort((a, b) => formRank(a) - formRank(b)) // a stable sort: the rest keep the registry's order
  .map((f) => ({ key: f.name, kind: f.kind, required: f.required, inputmode: INPUT_MODE[f.kind] }));
/** Rows extracted before review reasons had codes: a field under this confidence is marked for a look. */
const LOW_CONFIDENCE = 0.8;

/**
 * The fields the engine held back: named by its review reasons (uncertain or missing), each field by
 * its own bar; older rows without codes fall back to one confidence.
 */
function heldBack(invoice, confidence, f) {
  const codes = invoice.extraction?.review_reason_codes;
  if (codes) return codes.some((r) => (r.code === 'field_uncertain' || r.code === 'field_not_found') && r.params?.field === f.key);
  return (confidence[f.key] ?? 0) < LOW_CONFIDENCE && (invoice[f.key] !== null || f.required);
}

const historyLabel = (field) => fieldLabel(field) ?? t(field);
function historyValue(change, value) {
  if (value === null) return '—';
  if (change.field === 'status') return t(value);
  if (change.field === 'duplicate_dismissed') return dismissalText(value);
  const field = FIELDS.find((f) => f.key === change.field);
  return field?.kind === 'amount' ? amountToFr(Number(value)) : field?.kind === 'date' ? isoToFr(value) : value;
}

/** API value -> the text shown (French formats); text -> API value, or undefined when malformed. */
const toInput = (field, v) => (field.kind === 'amount' ? amountToFr(v) : field.kind === 'date' ? isoToFr(v) : v ?? '');
const fromInput = (field, v) => (field.kind === 'amount' ? parseFrAmount(v) : field.kind === 'date' ? parseFrDate(v) : v.trim() === '' ? null : v.trim());

export function InvoicePage({ id }) {
  const [invoice, setInvoice] = useState(null);
  const [draft, setDraft] = useState({});
  const [message, setMessage] = useState(null);
  const [failed, setFailed] = useState(null);

  const show = (inv) => {
    setInvoice(inv);
    setDraft(Object.fromEntries(FIELDS.map((f) => [f.key, toInput(f, inv[f.key])])));
  };
  useEffect(() => { api('GET', `/api/v1/invoices/${id}`).then(show, (e) => setMessage({ error: problemText(e) })); }, [id]);
  if (!invoice) return message?.error ? html`<p class="error" role="alert">${message.error}</p>` : html`<p>…</p>`;

  const changed = FIELDS.filter((f) => draft[f.key] !== toInput(f, invoice[f.key]));
  const malformed = FIELDS.filter((f) => fromInput(f, draft[f.key]) === undefined);
  const readOnly = invoice.status === 'exported';
  const save = async (e) => {
    e.preventDefault();
    if (!changed.length || malformed.length) return;
    try {
      show(await api('PATCH', `/api/v1/invoices/${id}`, Object.fromEntries(changed.map((f) => [f.key, fromInput(f, draft[f.key])]))));
      setMessage({ ok: t('saved') });
      setFailed(null);
    } catch (err) {
      setMessage({ error: problemText(err) });
    }
  };
  const validate = async (confirm) => {
    try {
      show(await api('POST', `/api/v1/invoices/${id}/validate`, { confirm }));
      setFailed(null);
      setMessage(null);
    } catch (err) {
      if (err.problem?.code === 'checks_failed') setFailed(reviewReasons(err.problem.details.reason_codes, err.problem.details.reasons));
      else setMessage({ error: problemText(err) });
    }
  };
  const download = () => downloadFile(`/api/v1/invoices/${id}/file`, invoice.file.name);
  const confidence = invoice.extraction?.confidence ?? {};
  const reasons = reviewReasons(invoice.extraction?.review_reason_codes, invoice.extraction?.review_reasons ?? []);

  return html`
    <div class="invoice-nav"><a href=${`#/dossiers/${invoice.dossier_id}`}>← ${t('back')}</a>
      <${NextToReview} invoice=${invoice} /></div>
    <h1>${invoice.fournisseur ?? invoice.file.name} <${StatusBadge} status=${invoice.status} /></h1>
    <p class="muted">${t('processing')} : ${t(invoice.processing.state)}${invoice.extraction ? ` · ${t('source')} : ${t(invoice.extraction.source)}` : ''} · ${money(invoice.montant_ttc, invoice.devise)} · ${frDate(invoice.date_facture)}</p>
    <div class="split">
      <${DocumentPreview} invoice=${invoice}><${FacturxValues} invoice=${invoice} fields=${FIELDS} /><//>
      <section class="fields card" aria-labelledby="fields-title">
        <h2 id="fields-title">${t('fields')}</h2>
        <${DuplicateFlag} invoice=${invoice} onChange=${show} onError=${(error) => setMessage({ error })} />
        ${invoice.status === 'pending' && reasons.length > 0 && html`
          <div class="reasons" role="note"><strong>${t('reviewReasons')}</strong><ul>${reasons.map((r) => html`<li>${r}</li>`)}</ul></div>`}
        <form onSubmit=${save}>
          ${FIELDS.map((f) => {
            const low = invoice.extraction && invoice.extraction.source !== 'facturx' && heldBack(invoice, confidence, f);
            return html`
              <div class=${`field${low ? ' low' : ''}`}>
                <label for=${`f-${f.key}`}>${fieldLabel(f.key)}</label>
                <input id=${`f-${f.key}`} name=${f.key} type="text" placeholder=${f.kind === 'date' ? t('datePlaceholder') : undefined} autocomplete="off"
                  inputmode=${f.inputmode} value=${draft[f.key]} disabled=${readOnly} aria-describedby=${low ? `low-${f.key}` : undefined}
                  aria-invalid=${malformed.includes(f) ? 'true' : undefined}
                  onInput=${(e) => setDraft({ ...draft, [f.key]: e.target.value })} />
                ${low && html`<small id=${`low-${f.key}`} class="low-note">${t('lowConfidence')} (${Math.round((confidence[f.key] ?? 0) * 100)} %)</small>`}
                ${malformed.includes(f) && html`<small class="error">${t(f.kind === 'date' ? 'invalidDate' : 'invalidAmount')}</small>`}
              </div>`;
          })}
          ${message?.ok && html`<p class="ok" role="status">${message.ok}</p>`}
          ${message?.error && html`<p class="error" role="alert">${message.error}</p>`}
          ${failed && html`<div class="error" role="alert">${t('checksFailed')}<ul>${failed.map((r) => html`<li>${r}</li>`)}</ul>
            <button type="button" onClick=${() => validate(true)}>${t('validateAnyway')}</button></div>`}
          <div class="actions">
            <button type="submit" disabled=${readOnly || !changed.length || malformed.length > 0}>${t('save')}</button>
            <button type="button" class="primary" disabled=${readOnly || invoice.status === 'validated' || changed.length > 0} onClick=${() => validate(false)}>${t('validate')}</button>
            <button type="button" onClick=${download}>${t('download')}</button>
          </div>
        </form>
        <h3>${t('history')}</h3>
        ${(invoice.corrections ?? []).length === 0 ? html`<p class="muted">${t('noHistory')}</p>` : html`
          <ol class="history">${invoice.corrections.map((c) => html`
            <li><span class="muted">${frDate(c.at)} · ${c.user_email}</span><br />
              <strong>${historyLabel(c.field)}</strong> : <del>${historyValue(c, c.old_value)}</del> → <ins>${historyValue(c, c.new_value)}</ins></li>`)}
          </ol>`}
      </section>
    </div>`;
}
