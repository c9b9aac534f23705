// axe-core on every page of the web interface, in a real browser against the real service with real
// corpus invoices: no serious or critical violation, at 1280 px and at 375 px.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { importExtracted, launchBrowser, signIn, skipWithoutBrowser as skip } from '../helpers/browser.ts';
import { newFirm, startTestService, type TestService } from '../helpers/service.ts';
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }

/** axe-core's violations on the page as it stands (injected through DevTools, so the page's CSP stays as served). */
async function axeViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
}

describe('accessibility (axe-core) in chromium', { skip }, () => {
  let svc: TestService;
  let browser: Browser;
  let base: string;
  let user: Awaited<ReturnType<typeof newFirm>>;
  const ids: Record<string, string> = {};

  before(async () => {
    svc = await startTestService('pglite');
    base = await svc.app!.listen({ host: '127.0.0.1', port: 0 });
    user = await newFirm(svc);
    const inject = (o: object) => svc.app!.inject({ headers: user.auth, ...o } as never);
    ids.dossier = (await inject({ method: 'POST', url: '/api/v1/dossiers', payload: { name: 'Accessibilité' } })).json().id;
    [ids.pdf, ids.png, ids.text] = await importExtracted(svc, user.auth, ids.dossier!, [
      'docs/factur-x-kit/PDF_DESIGN_DE_Kleinunternehmer.pdf', 'docs/invoice2data/AmazonWebServices.png', 'docs/invoice2data/saeco.pdf',
    ]);
    // One export batch, so the Exports page has a row with its buttons.
    const exported = await inject({ method: 'POST', url: '/api/v1/exports', payload: { dossier_id: ids.dossier, format: 'fec', invoice_ids: [ids.pdf] } });
    assert.equal(exported.statusCode, 201, exported.body);
    // One token revoked: the tokens table then has a row without a button (its scroll box must stay reachable).
    const token = (await inject({ method: 'POST', url: '/api/v1/tokens', payload: { name: 'Révoqué' } })).json();
    await inject({ method: 'DELETE', url: `/api/v1/tokens/${token.id}` });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await svc?.stop();
  });

  for (const width of [1280, 375]) {
    test(`no serious or critical violation on any page at ${width} px`, { timeout: 120_000 }, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const seen: Record<string, Violation[]> = {};
      await page.goto(`${base}/`);
      await page.getByRole('heading', { name: 'Connexion' }).waitFor();
      seen['sign-in'] = await axeViolations(page);
      await signIn(page, base, user);
      const visits: Array<[string, string, (p: Page) => Promise<unknown>]> = [
        ['folders', '/#/', (p) => p.getByRole('link', { name: 'Accessibilité' }).waitFor()],
        ['folder', `/#/dossiers/${ids.dossier}`, (p) => p.locator('table.invoices tfoot').waitFor()],
        ['invoice (PDF)', `/#/invoices/${ids.pdf}`, (p) => p.getByTestId('pdf-canvas').waitFor()],
        ['invoice (image)', `/#/invoices/${ids.png}`, (p) => p.getByRole('img', { name: 'AmazonWebServices.png' }).waitFor()],
        ['invoice (reasons)', `/#/invoices/${ids.text}`, (p) => p.getByRole('note').waitFor()],
        ['exports', `/#/dossiers/${ids.dossier}/exports`, (p) => p.locator('table.exports tbody tr[data-id]').waitFor()],
        ['settings-api', '/#/settings/api', (p) => p.getByRole('cell', { name: 'Révoqué', exact: true }).first().waitFor()],
      ];
      for (const [name, url, ready] of visits) {
        await page.goto(`${base}${url}`);
        await ready(page);
        await page.waitForLoadState('networkidle');
        seen[name] = await axeViolations(page);
      }
      const summary = Object.entries(seen).map(([name, v]) => `${name}: ${v.map((x) => `${x.id} (${x.impact}, ${x.nodes.length})`).join(', ') || 'none'}`);
      console.log(`# axe at ${width} px: ${summary.join('; ')}`);
      const serious = Object.entries(seen).flatMap(([name, v]) => v.filter((x) => x.impact === 'serious' || x.impact === 'critical')
        .map((x) => `${name}: ${x.id} ${x.help} at ${x.nodes.map((n) => n.target.join(' ')).join(', ')}`));
      assert.deepEqual(serious, []);
      await page.close();
    });
  }
});
