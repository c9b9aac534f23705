import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { html } from '../html.js';
import { problemText } from '../problems.js';
import { frDate, t } from '../i18n.js';

export function DossiersPage() {
  const [dossiers, setDossiers] = useState(null);
  const [error, setError] = useState(null);
  const load = () => api('GET', '/api/v1/dossiers').then((r) => setDossiers(r.data ?? r), (e) => setError(problemText(e)));
  useEffect(() => { load(); }, []);
  const create = async (e) => {
    e.preventDefault();
    const form = e.target;
    try {
      await api('POST', '/api/v1/dossiers', { name: form.elements.name.value.trim() });
      form.reset();
      setError(null);
      load();
    } catch (err) {
      setError(problemText(err));
    }
  };
  return html`
    <h1>${t('folders')}</h1>
    <form class="inline-form card" onSubmit=${create}>
      <label for="folder-name">${t('folderName')}</label>
      <input id="folder-name" name="name" required maxlength="200" />
      <button type="submit">${t('create')}</button>
    </form>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${dossiers && (dossiers.length === 0
      ? html`<p>${t('noFolders')}</p>`
      : html`<ul class="folder-list">
          ${dossiers.map((d) => html`
            <li class="card"><a href=${`#/dossiers/${d.id}`}>${d.name}</a>
              <span class="muted">${d.invoice_count} ${t('invoices')} · ${frDate(d.created_at)}</span></li>`)}
        </ul>`)}`;
}
