// The original document beside its fields: a PDF page drawn by pdf.js, or the image itself,
// with zoom. The file is fetched with the bearer token, so it never needs a public URL.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api.js';
import { html } from '../html.js';
import { t } from '../i18n.js';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

export function DocumentPreview({ invoice, children }) {
  const [blob, setBlob] = useState(null);
  const [pdf, setPdf] = useState(null);
  const [pageNo, setPageNo] = useState(1);
  const [zoom, setZoom] = useState(2);
  const [error, setError] = useState(null);
  const canvas = useRef(null);
  const isPdf = invoice.file.type === 'application/pdf';
  // A standalone e-invoice (UBL/CII) has no page to draw: its XML is shown as text.
  const isXml = invoice.file.type === 'application/xml';
  const [xmlText, setXmlText] = useState(null);

  useEffect(() => {
    let url;
    api('GET', `/api/v1/invoices/${invoice.id}/file`, undefined, { raw: true })
      .then((res) => res.blob())
      .then(async (b) => {
        url = URL.createObjectURL(b);
        setBlob(url);
        if (isXml) setXmlText(await b.text());
        if (!isPdf) return;
        const pdfjs = await import('pdfjs');
        pdfjs.GlobalWorkerOptions.workerSrc = '/vendor/pdf.worker.min.mjs';
        setPdf(await pdfjs.getDocument({ data: new Uint8Array(await b.arrayBuffer()), isEvalSupported: false }).promise);
      })
      .catch((e) => setError(e.message));
    return () => url && URL.revokeObjectURL(url);
  }, [invoice.id]);

  useEffect(() => {
    if (!pdf || !canvas.current) return;
    let task;
    pdf.getPage(pageNo).then((page) => {
      const viewport = page.getViewport({ scale: ZOOMS[zoom] * 1.5 });
      const c = canvas.current;
      c.width = viewport.width;
      c.height = viewport.height;
      c.style.width = `${viewport.width / 1.5}px`;
      task = page.render({ canvas: c, canvasContext: c.getContext('2d'), viewport });
      return task.promise;
    }).catch((e) => e?.name !== 'RenderingCancelledException' && setError(e.message));
    return () => task?.cancel();
  }, [pdf, pageNo, zoom]);

  return html`
    <section class="preview card" aria-labelledby="preview-title">
      <div class="toolbar">
        <h2 id="preview-title">${t('document')}</h2>
        <button type="button" aria-label=${t('zoomOut')} disabled=${zoom === 0} onClick=${() => setZoom(zoom - 1)}>−</button>
        <span aria-live="polite">${Math.round(ZOOMS[zoom] * 100)} %</span>
        <button type="button" aria-label=${t('zoomIn')} disabled=${zoom === ZOOMS.length - 1} onClick=${() => setZoom(zoom + 1)}>+</button>
        ${pdf && pdf.numPages > 1 && html`
          <button type="button" aria-label=${t('previous')} disabled=${pageNo === 1} onClick=${() => setPageNo(pageNo - 1)}>‹</button>
          <span>${pageNo} / ${pdf.numPages}</span>
          <button type="button" aria-label=${t('next')} disabled=${pageNo === pdf.numPages} onClick=${() => setPageNo(pageNo + 1)}>›</button>`}
      </div>
      ${children}
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <div class="viewport" tabindex="0" role="region" aria-label=${invoice.file.name}>
        ${isPdf ? html`<canvas ref=${canvas} data-testid="pdf-canvas"></canvas>`
          : isXml ? xmlText !== null && html`<pre class="xml-source" data-testid="xml-source">${xmlText}</pre>`
          : blob && html`<img src=${blob} alt=${invoice.file.name} style=${`width:${ZOOMS[zoom] * 50}%`} />`}
      </div>
    </section>`;
}
