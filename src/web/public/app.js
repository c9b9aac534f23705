// The single-page app: hash routes, the signed-in layout, and the session's lifecycle.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { session, signOut as revokeSession, whenSessionExpires } from './api.js';
import { html } from './html.js';
import { lang, setLang, t } from './i18n.js';
import { LoginPage } from './pages/login.js';
import { DossiersPage } from './pages/dossiers.js';
import { DossierPage } from './pages/dossier.js';
import { InvoicePage } from './pages/invoice.js';
import { ExportsPage } from './pages/exports.js';
import { SettingsApiPage } from './pages/settings-api.js';

export const navigate = (path) => { location.hash = `#${path}`; };

function parseRoute() {
  const path = location.hash.replace(/^#/, '') || '/';
  let m;
  if (path === '/login') return { page: 'login' };
  if ((m = path.match(/^\/dossiers\/([\w-]+)$/))) return { page: 'dossier', id: m[1] };
  if ((m = path.match(/^\/dossiers\/([\w-]+)\/exports$/))) return { page: 'exports', id: m[1] };
  if ((m = path.match(/^\/invoices\/([\w-]+)$/))) return { page: 'invoice', id: m[1] };
  if (path === '/settings/api') return { page: 'settings-api' };
  return { page: 'dossiers' };
}

function App() {
  const [route, setRoute] = useState(parseRoute());
  const [, setLangState] = useState(lang);
  const [notice, setNotice] = useState(null);
  useEffect(() => {
    const onHash = () => setRoute(parseRoute());
    addEventListener('hashchange', onHash);
    whenSessionExpires(() => { setNotice(t('sessionExpired')); navigate('/login'); });
    return () => removeEventListener('hashchange', onHash);
  }, []);

  const toggleLang = () => { setLang(lang === 'fr' ? 'en' : 'fr'); setLangState(lang); };
  const signedIn = session.get();
  if (!signedIn || route.page === 'login') {
    if (signedIn && route.page === 'login') { navigate('/'); return null; }
    return html`<${LoginPage} notice=${notice} onToggleLang=${toggleLang} onSignedIn=${() => { setNotice(null); navigate('/'); }} />`;
  }
  const signOut = async () => { await revokeSession(); navigate('/login'); setRoute({ page: 'login' }); };
  const page = {
    dossiers: () => html`<${DossiersPage} />`,
    dossier: () => html`<${DossierPage} id=${route.id} key=${route.id} />`,
    invoice: () => html`<${InvoicePage} id=${route.id} key=${route.id} />`,
    exports: () => html`<${ExportsPage} id=${route.id} key=${route.id} />`,
    'settings-api': () => html`<${SettingsApiPage} />`,
  }[route.page]();
  return html`
    <header class="topbar">
      <a class="brand" href="#/">${t('appName')}</a>
      <nav aria-label="Navigation">
        <a href="#/" aria-current=${route.page === 'dossiers' ? 'page' : undefined}>${t('folders')}</a>
        <a href="#/settings/api" aria-current=${route.page === 'settings-api' ? 'page' : undefined}>${t('settingsApi')}</a>
      </nav>
      <div class="session">
        <span class="who">${signedIn.email}</span>
        <button type="button" class="link" onClick=${toggleLang}>${t('language')}</button>
        <button type="button" class="link" onClick=${signOut}>${t('signOut')}</button>
      </div>
    </header>
    <main id="main">${page}</main>`;
}

const root = document.getElementById('app');
root.textContent = ''; // the "loading" placeholder
render(html`<${App} />`, root);
