import { useState } from 'preact/hooks';
import { api, session } from '../api.js';
import { html } from '../html.js';
import { problemText } from '../problems.js';
import { t } from '../i18n.js';

export function LoginPage({ notice, onSignedIn, onToggleLang }) {
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e) => {
    e.preventDefault();
    const form = new FormData(e.target);
    setBusy(true);
    setError(null);
    try {
      const email = String(form.get('email'));
      const res = await api('POST', '/api/auth/token', { email, password: String(form.get('password')) });
      session.set(res.access_token, res.expires_in, email);
      onSignedIn();
    } catch (err) {
      setError(problemText(err));
    } finally {
      setBusy(false);
    }
  };
  return html`
    <main class="login">
      <div class="login-head"><h1>${t('appName')}</h1>
        <button type="button" class="link" onClick=${onToggleLang}>${t('language')}</button></div>
      <form onSubmit=${submit} class="card" aria-labelledby="login-title">
        <h2 id="login-title">${t('signIn')}</h2>
        ${notice && html`<p class="notice" role="status">${notice}</p>`}
        <label for="email">${t('email')}</label>
        <input id="email" name="email" type="email" autocomplete="username" required autofocus />
        <label for="password">${t('password')}</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        ${error && html`<p class="error" role="alert">${error}</p>`}
        <button type="submit" disabled=${busy}>${t('signInButton')}</button>
      </form>
    </main>`;
}
