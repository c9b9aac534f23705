// Inputs in French formats whatever the browser's locale: dates as jj/mm/aaaa and amounts with a
// decimal comma. They hold the text typed; the page converts with the parse* helpers.
import { html } from './html.js';
import { t } from './i18n.js';

/** "18/02/2025" -> "2025-02-18"; "" -> null; anything else -> undefined (invalid). */
export function parseFrDate(text) {
  const s = text.trim();
  if (!s) return null;
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (!m) return undefined;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
export const isoToFr = (iso) => (iso ? iso.split('-').reverse().join('/') : '');

/** "1 234,56" or "1234.56" -> 1234.56; "" -> null; anything else -> undefined (invalid). */
export function parseFrAmount(text) {
  const s = text.replace(/[\s\u00a0\u202f€]/g, '');
  if (!s) return null;
  const normalised = s.includes(',') ? s.replace(/\./g, '').replace(',', '.') : s;
  return /^-?\d+(\.\d{1,2})?$/.test(normalised) ? Number(normalised) : undefined;
}
/** The list's format in inputs too: 1509 -> "1 509,00" (a narrow no-break space groups thousands). */
const AMOUNT = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const amountToFr = (n) => (n === null || n === undefined ? '' : AMOUNT.format(n));

export function FrDateInput({ id, value, onChange, label, invalidText }) {
  const invalid = value !== '' && parseFrDate(value) === undefined;
  return html`
    <label for=${id}>${label}</label>
    <input id=${id} type="text" inputmode="numeric" placeholder=${t('datePlaceholder')} autocomplete="off" value=${value}
      aria-invalid=${invalid ? 'true' : undefined} aria-describedby=${invalid ? `${id}-err` : undefined}
      onInput=${(e) => onChange(e.target.value)} />
    ${invalid && html`<small id=${`${id}-err`} class="error">${invalidText}</small>`}`;
}
