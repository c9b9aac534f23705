// Settings > API: generate a named token with a lifetime, copy it once, list and revoke tokens.
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { html } from '../html.js';
import { problemText } from '../problems.js';
import { frDate, t } from '../i18n.js';

const LIFETIMES = [7, 30, 90, 180, 365];

export function SettingsApiPage() {
  const [tokens, setTokens] = useState(null);
  const [created, setCreated] = useState(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState(null);
  const load = () => api('GET', '/api/v1/tokens').then((r) => setTokens(r.data ?? r), (e) => setError(problemText(e)));
  useEffect(() => { load(); }, []);

  const generate = async (e) => {
    e.preventDefault();
    const form = e.target;
    try {
      setCreated(await api('POST', '/api/v1/tokens', { name: form.elements.name.value.trim(), expires_in_days: Number(form.elements.lifetime.value) }));
      setCopied(false);
      setError(null);
      form.elements.name.value = '';
      load();
    } catch (err) {
      setError(problemText(err));
    }
  };
  const revoke = async (id) => {
    try {
      await api('DELETE', `/api/v1/tokens/${id}`);
      if (created?.id === id) setCreated(null);
      load();
    } catch (err) {
      setError(problemText(err));
    }
  };
  const copy = async () => {
    await navigator.clipboard?.writeText(created.access_token).catch(() => {});
    setCopied(true);
  };
  const curl = created && `curl -H "Authorization: Bearer ${created.access_token}" \\\n  "${location.origin}/api/v1/invoices?dossier_id=DOSSIER_ID"`;

  return html`
    <h1>${t('settingsApi')}</h1>
    <form class="card token-form" onSubmit=${generate}>
      <h2>${t('generate')}</h2>
      <label for="token-name">${t('tokenName')}</label>
      <input id="token-name" name="name" required maxlength="100" placeholder=${t('tokenPlaceholder')} />
      <label for="token-lifetime">${t('lifetime')}</label>
      <select id="token-lifetime" name="lifetime">${LIFETIMES.map((d) => html`<option value=${d} selected=${d === 90}>${d} ${t('days')}</option>`)}</select>
      <button type="submit">${t('generate')}</button>
    </form>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${created && html`
      <section class="card new-token" aria-labelledby="new-token-title">
        <h2 id="new-token-title">${created.name}</h2>
        <p class="notice">${t('copyOnce')}</p>
        <label for="new-token">${t('tokenValue')}</label>
        <div class="copy-row">
          <input id="new-token" readonly value=${created.access_token} onFocus=${(e) => e.target.select()} />
          <button type="button" onClick=${copy}>${copied ? t('copied') : t('copy')}</button>
        </div>
        <h3>${t('curlExample')}</h3>
        <pre class="curl"><code>${curl}</code></pre>
      </section>`}
    <h2>${t('apiTokens')}</h2>
    <div class="table-wrap" tabindex="0" role="region" aria-label=${t('apiTokens')}><table class="tokens">
      <thead><tr><th>${t('tokenName')}</th><th>${t('created')}</th><th>${t('expires')}</th><th>${t('lastUsed')}</th><th>${t('status')}</th><th>${t('actions')}</th></tr></thead>
      <tbody>
        ${tokens?.length === 0 && html`<tr><td colspan="6">${t('noTokens')}</td></tr>`}
        ${tokens?.map((tk) => html`<tr>
          <td>${tk.name}</td><td>${frDate(tk.created_at)}</td><td>${frDate(tk.expires_at)}</td>
          <td>${tk.last_used_at ? frDate(tk.last_used_at) : t('never')}</td>
          <td>${tk.revoked_at ? t('revoked') : t('active')}</td>
          <td>${!tk.revoked_at && html`<button type="button" onClick=${() => revoke(tk.id)} aria-label=${`${t('revoke')} ${tk.name}`}>${t('revoke')}</button>`}</td>
        </tr>`)}
      </tbody>
    </table></div>`;
}
