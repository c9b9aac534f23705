// Serves the web interface at /: static ES modules (Preact + htm, no build step) and the few
// browser builds it needs from node_modules, each on an explicit allow-list.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { INVOICE_FIELDS } from '../domain/invoice-fields.ts';

const resolve = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));
const PUBLIC_DIR = path.join(import.meta.dirname, 'public');

/** Browser modules served under /vendor/: name -> file in node_modules. */
const VENDOR: Record<string, string> = {
  'preact.mjs': resolve('preact'),
  'hooks.mjs': resolve('preact/hooks'),
  'htm.mjs': resolve('htm'),
  'pdf.min.mjs': resolve('pdfjs-dist/build/pdf.min.mjs'),
  'pdf.worker.min.mjs': resolve('pdfjs-dist/build/pdf.worker.min.mjs'),
};

// The invoice's fields as a browser module, made once from the registry (src/domain/invoice-fields.ts),
// so that the UI's labels, kinds and required fields have no second copy. There is no such file on disk.
const FIELDS_MODULE = `// Served by src/web/serve-ui.ts from src/domain/invoice-fields.ts.\nexport const FIELDS = ${JSON.stringify(INVOICE_FIELDS)};\n`;

// The UI loads scripts, styles, workers and images from this origin only; blob: is the fetched
// original file (shown with its bearer token), data: the canvas of a rendered PDF page.
const INDEX_HTML = fs.readFileSync(path.join(PUBLIC_DIR, 'index.html'), 'utf8');
const IMPORT_MAP = /<script type="importmap">([\s\S]*?)<\/script>/.exec(INDEX_HTML)![1]!;
const IMPORT_MAP_HASH = `'sha256-${createHash('sha256').update(IMPORT_MAP).digest('base64')}'`;
const CSP = [
  "default-src 'self'", `script-src 'self' ${IMPORT_MAP_HASH}`, "style-src 'self'", "img-src 'self' blob: data:",
  "worker-src 'self' blob:", "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'",
].join('; ');

export async function serveUi(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, { root: PUBLIC_DIR, prefix: '/', index: ['index.html'], wildcard: false });
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/')) {
      reply.header('Content-Security-Policy', CSP);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Referrer-Policy', 'no-referrer');
    }
  });
  app.get('/fields.js', { schema: { hide: true } }, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(FIELDS_MODULE));
  app.get('/vendor/:name', { schema: { hide: true } }, async (request, reply) => {
    const file = VENDOR[(request.params as { name: string }).name];
    if (!file) return reply.callNotFound();
    return reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(fs.createReadStream(file));
  });
}
