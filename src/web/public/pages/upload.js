// Drag-and-drop (or pick) several files; each gets a progress bar, then follows its processing
// state by polling the invoice until extraction is done or has failed.
import { useState } from 'preact/hooks';
import { api, upload } from '../api.js';
import { html } from '../html.js';
import { problemText } from '../problems.js';
import { t } from '../i18n.js';

const POLL_MS = 1000;

export function UploadPanel({ dossierId, onProcessed }) {
  const [items, setItems] = useState([]);
  const [over, setOver] = useState(false);
  const update = (key, patch) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const follow = async (key, id) => {
    for (;;) {
      const inv = await api('GET', `/api/v1/invoices/${id}`).catch(() => null);
      if (inv) update(key, { state: inv.processing.state, status: inv.status });
      if (inv && (inv.processing.state === 'done' || inv.processing.state === 'failed')) { onProcessed(); return; }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };

  const send = (files) => {
    for (const file of files) {
      const key = `${file.name}-${Math.random()}`;
      setItems((all) => [...all, { key, name: file.name, progress: 0, state: 'uploading' }]);
      upload(dossierId, file, (p) => update(key, { progress: p }))
        .then((inv) => {
          update(key, { id: inv.id, progress: 1, state: inv.duplicate ? 'duplicate' : inv.processing.state });
          onProcessed();
          if (!inv.duplicate) follow(key, inv.id);
        })
        .catch((err) => update(key, { state: 'failed', error: problemText(err) }));
    }
  };

  return html`
    <section class="card upload" aria-labelledby="uploads-title">
      <h2 id="uploads-title">${t('uploads')}</h2>
      <div class=${`dropzone${over ? ' over' : ''}`}
        onDragOver=${(e) => { e.preventDefault(); setOver(true); }}
        onDragLeave=${() => setOver(false)}
        onDrop=${(e) => { e.preventDefault(); setOver(false); send([...e.dataTransfer.files]); }}>
        ${t('dropHere')} <label class="file-pick">${t('chooseFiles')}
          <input type="file" multiple accept="application/pdf,image/jpeg,image/png,application/xml,text/xml,.xml" data-testid="file-input"
            onChange=${(e) => { send([...e.target.files]); e.target.value = ''; }} /></label>
      </div>
      ${items.length > 0 && html`<ul class="upload-list">
        ${items.map((i) => html`
          <li data-state=${i.state}>
            <span class="name">${i.id ? html`<a href=${`#/invoices/${i.id}`}>${i.name}</a>` : i.name}</span>
            <progress max="1" value=${i.progress} aria-label=${`${t('uploading')} ${i.name}`}></progress>
            <span class=${`state state-${i.state}`} role="status">${t(i.state)}${i.error ? ` : ${i.error}` : ''}</span>
          </li>`)}
      </ul>`}
    </section>`;
}
