// Beside the document of a Factur-X invoice: the figures come from its embedded XML, not from the
// printed page (which may say something else), and the values as the XML gave them can be seen.
import { html } from '../html.js';
import { fieldLabel, money, t } from '../i18n.js';
import { amountToFr, isoToFr } from '../inputs.js';

/** A field as extracted: the oldest correction's old value when a reviewer changed it since, else today's value. */
function asRead(invoice, key) {
  const first = (invoice.corrections ?? []).find((c) => c.field === key);
  return first ? first.old_value : invoice[key];
}

function shown(field, value) {
  if (value === null || value === undefined || value === '') return '—';
  if (field.kind === 'amount') return amountToFr(Number(value));
  if (field.kind === 'date') return isoToFr(value);
  return value;
}

export function FacturxValues({ invoice, fields }) {
  const x = invoice.extraction;
  if (x?.source !== 'facturx') return null;
  const extra = [
    ['dueDate', isoToFr(x.due_date) || '—'], ['amountDue', money(x.amount_due)], ['vatId', x.vat_id ?? '—'], ['iban', x.iban ?? '—'],
  ];
  return html`
    <div class="facturx-note">
      <p><strong>${t('facturxSource')}</strong> ${t('facturxPrintNote')}</p>
      <details>
        <summary>${t('facturxValues')}</summary>
        <dl class="xml-values">
          ${fields.map((f) => html`<dt>${fieldLabel(f.key)}</dt><dd>${shown(f, asRead(invoice, f.key))}</dd>`)}
          ${extra.map(([label, value]) => html`<dt>${t(label)}</dt><dd>${value}</dd>`)}
          ${x.vat_breakdown.map((l) => html`<dt>${t('vatLine', l.rate === null ? '?' : String(l.rate).replace('.', ','))}</dt>
            <dd>${money(l.basis)} → ${money(l.tax)}</dd>`)}
        </dl>
      </details>
    </div>`;
}
