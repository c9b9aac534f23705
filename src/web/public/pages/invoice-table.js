// The folder table: one row per invoice of the page, a checkbox per row and for the page, the
// totals row of the whole filter (every page, from /invoices/totals). Secondary columns carry
// class "secondary" and collapse on narrow screens; the supplier, TTC and status never do.
import { html } from '../html.js';
import { FIELDS } from '../fields.js';
import { fieldLabel, frDate, money, t } from '../i18n.js';

/**
 * The table's layout: which columns, in which order, which sort (`sort`: the list API's key, each
 * backed by an index) and which collapse on narrow screens. Labels and amount-ness come from the
 * field registry; `status` is the invoice's, not a field.
 */
const LAYOUT = [
  { key: 'date_facture', sort: 'date_facture', secondary: true },
  { key: 'numero', secondary: true },
  { key: 'fournisseur', sort: 'fournisseur' },
  { key: 'montant_ht', secondary: true },
  { key: 'montant_tva', secondary: true },
  { key: 'montant_ttc', sort: 'montant_ttc' },
  { key: 'status', sort: 'status' },
];
const COLUMNS = LAYOUT.map((c) => ({ ...c, amount: FIELDS.find((f) => f.name === c.key)?.kind === 'amount' }));
const columnLabel = (c) => fieldLabel(c.key, { short: true }) ?? t(c.key);
const cellClass = (c) => [c.amount && 'num', c.secondary && 'secondary', `col-${c.key}`].filter(Boolean).join(' ');

export const StatusBadge = ({ status }) => html`<span class=${`badge badge-${status}`}>${t(status)}</span>`;

function Header({ column, sort, onSort }) {
  if (!column.sort) return html`<th class=${cellClass(column)} scope="col">${columnLabel(column)}</th>`;
  const state = sort === column.sort ? 'ascending' : sort === `-${column.sort}` ? 'descending' : 'none';
  const arrow = state === 'ascending' ? ' ▲' : state === 'descending' ? ' ▼' : '';
  return html`<th class=${cellClass(column)} scope="col" aria-sort=${state}>
    <button type="button" class="sort" onClick=${() => onSort(column.sort)}>${columnLabel(column)}<span aria-hidden="true">${arrow}</span></button></th>`;
}

function Cell({ column, invoice }) {
  const href = `#/invoices/${invoice.id}`;
  const value = invoice[column.key];
  if (column.key === 'fournisseur') return html`<td class=${cellClass(column)}><a href=${href}>${value ?? t('noSupplier')}</a></td>`;
  if (column.key === 'date_facture') return html`<td class=${cellClass(column)}><a href=${href} tabindex="-1">${frDate(value)}</a></td>`;
  if (column.key === 'status') return html`<td class=${cellClass(column)}><${StatusBadge} status=${value} /></td>`;
  return html`<td class=${cellClass(column)}>${column.amount ? money(value) : value ?? '—'}</td>`;
}

/** How a row is named to the reviewer (checkbox labels, bulk results). */
export const rowName = (inv) => [inv.fournisseur ?? t('noSupplier'), inv.numero, frDate(inv.date_facture)].filter(Boolean).join(' ');

export function InvoiceTable({ rows, totals, sort, onSort, selected, onSelect }) {
  const ids = (rows ?? []).map((r) => r.id);
  const allOnPage = ids.length > 0 && ids.every((id) => selected.has(id));
  const toggle = (id, on) => {
    const next = new Set(selected);
    if (on) next.add(id); else next.delete(id);
    onSelect(next);
  };
  const togglePage = (on) => onSelect(on ? new Set([...selected, ...ids]) : new Set([...selected].filter((id) => !ids.includes(id))));
  return html`
    <div class="table-wrap" tabindex="0" role="region" aria-label=${t('invoicesTable')}>
      <table class="invoices">
        <thead><tr>
          <th class="select" scope="col"><input type="checkbox" aria-label=${t('selectAll')} checked=${allOnPage} disabled=${!ids.length}
            onChange=${(e) => togglePage(e.target.checked)} /></th>
          ${COLUMNS.map((c) => html`<${Header} column=${c} sort=${sort} onSort=${onSort} />`)}
        </tr></thead>
        <tbody>
          ${rows?.length === 0 && html`<tr><td colspan=${COLUMNS.length + 1}>${t('noInvoices')}</td></tr>`}
          ${rows?.map((inv) => html`
            <tr data-id=${inv.id} class=${selected.has(inv.id) ? 'selected' : undefined}>
              <td class="select"><input type="checkbox" aria-label=${t('selectOne', rowName(inv))} checked=${selected.has(inv.id)}
                onChange=${(e) => toggle(inv.id, e.target.checked)} /></td>
              ${COLUMNS.map((c) => html`<${Cell} column=${c} invoice=${inv} />`)}
            </tr>`)}
        </tbody>
        ${totals && html`<tfoot><tr class="totals">
          <td class="select"></td>
          ${COLUMNS.map((c) => (c.key === 'fournisseur'
            ? html`<th scope="row" class=${cellClass(c)}>${t('totalRow', totals.count)}</th>`
            : html`<td class=${cellClass(c)}>${c.amount ? money(totals[c.key]) : ''}</td>`))}
        </tr></tfoot>`}
      </table>
    </div>`;
}
