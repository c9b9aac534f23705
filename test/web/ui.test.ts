// The web interface in a real browser (Debian's chromium via playwright-core), against the real
// service on the embedded database: sign-in, folders, uploads to done, review, tokens.
// UPDATE_SCREENSHOTS=1 also writes docs/screenshots/*.png.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, pageErrors, shot, signIn as signInAs, skipWithoutBrowser as skip } from '../helpers/browser.ts';
import { corpusPath, newFirm, startTestService, type TestService } from '../helpers/service.ts';

const PDF = corpusPath('docs/factur-x-kit/PDF_DESIGN_DE_Kleinunternehmer.pdf');
const PNG = corpusPath('docs/invoice2data/AmazonWebServices.png');

describe('web interface in chromium', { skip }, () => {
  let svc: TestService;
  let browser: Browser;
  let base: string;
  let user: Awaited<ReturnType<typeof newFirm>>;

  before(async () => {
    svc = await startTestService('pglite');
    base = await svc.app!.listen({ host: '127.0.0.1', port: 0 });
    user = await newFirm(svc);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await svc?.stop();
  });

  const signIn = (page: Page) => signInAs(page, base, user);
  const errorsOf = pageErrors;

  test('sign in, create a folder, upload a PDF and a PNG, see both reach done, correct and validate', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = errorsOf(page);
    await page.goto(`${base}/`);
    await page.getByLabel('Mot de passe').fill('wrong password');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('alert').waitFor();
    errors.length = 0; // the browser logs that refused sign-in's 401; from here on, nothing may fail
    await signIn(page);

    await page.getByLabel('Nom du dossier').fill('Boulangerie Martin');
    await page.getByRole('button', { name: 'Créer' }).click();
    await page.getByRole('link', { name: 'Boulangerie Martin' }).click();
    await page.getByRole('heading', { name: 'Boulangerie Martin' }).waitFor();

    // The PDF through the file picker, the PNG dropped on the drop zone.
    await page.getByTestId('file-input').setInputFiles([PDF]);
    await page.evaluate(([name, b64]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(b64!), (c) => c.charCodeAt(0))], name!, { type: 'image/png' }));
      document.querySelector('.dropzone')!.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, [path.basename(PNG), fs.readFileSync(PNG).toString('base64')]);
    const rows = page.locator('.upload-list li');
    await assert.doesNotReject(rows.nth(1).waitFor());
    await page.waitForFunction(() => Array.from(document.querySelectorAll('.upload-list li')).every((li) => ['done', 'failed'].includes(li.getAttribute('data-state')!)), null, { timeout: 90_000 });
    assert.deepEqual(await rows.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-state'))), ['done', 'done']);
    assert.equal(await rows.locator('progress').first().getAttribute('value'), '1');
    // The table refreshed itself with both invoices, French amounts and dates. Each 'done' asks for
    // a refresh, and the last one may still be on its way when the second row is already there.
    await page.locator('table.invoices tbody tr').nth(1).waitFor();
    await page.locator('table.invoices', { hasText: '18/02/2025' }).waitFor({ timeout: 10_000 });
    assert.match(await page.locator('table.invoices').innerText(), /18\/02\/2025[\s\S]*14,90/);
    await shot(page, 'folder-invoices.png');

    // Sorting by supplier asks the server, and says so to assistive technology.
    await page.getByRole('button', { name: /Fournisseur/ }).click();
    await page.locator('th[aria-sort="descending"]').waitFor();
    // The status and date filters narrow the list; dates are typed the French way.
    await page.getByLabel('Statut').selectOption('validated');
    await page.waitForFunction(() => document.querySelectorAll('table.invoices tbody tr').length === 1);
    await page.getByLabel('Statut').selectOption('');
    await page.getByLabel('Du').fill('01/01/2020');
    await page.waitForFunction(() => document.querySelectorAll('table.invoices tbody tr').length === 1);
    assert.match(await page.locator('table.invoices tbody').innerText(), /18\/02\/2025/);
    await page.getByLabel('Du').fill('');
    await page.waitForFunction(() => document.querySelectorAll('table.invoices tbody tr').length === 2);

    await page.getByRole('link', { name: 'Muster GmbH' }).click();
    await page.getByRole('heading', { name: 'Champs extraits' }).waitFor();
    await page.getByTestId('pdf-canvas').waitFor();
    await page.waitForFunction(() => (document.querySelector('canvas') as HTMLCanvasElement).width > 100);
    assert.equal(await page.getByLabel('Fournisseur').inputValue(), 'Muster GmbH');

    await page.getByLabel('Fournisseur').fill('Muster GmbH Berlin');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Modifications enregistrées.').waitFor();
    await page.locator('.badge-pending').first().waitFor(); // a corrected invoice must be validated again
    assert.match(await page.locator('ol.history').innerText(), /Fournisseur : Muster GmbH → Muster GmbH Berlin[\s\S]*Statut : Validée → À vérifier/);
    assert.equal(await page.getByLabel('Montant TTC').inputValue(), '14,90');
    assert.equal(await page.getByLabel('Date', { exact: true }).inputValue(), '18/02/2025');
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    await page.locator('h1 .badge-validated').waitFor();
    // The figures come from the Factur-X XML, and the page says so; its values stay readable as read.
    await page.getByText('Montants lus dans le XML Factur-X.').waitFor();
    await page.getByText('Valeurs lues dans le XML').click();
    assert.match(await page.locator('.xml-values').innerText(), /Fournisseur\s+Muster GmbH\s+SIRET/);
    assert.match(await page.locator('.xml-values').innerText(), /Montant TTC\s+14,90/);
    await shot(page, 'invoice-detail.png');

    const stored = (await svc.app!.inject({ method: 'GET', url: `/api/v1/invoices?dossier_id=${await folderId(page)}&status=validated`, headers: user.auth })).json();
    assert.ok(stored.data.some((i: { fournisseur: string }) => i.fournisseur === 'Muster GmbH Berlin'));

    // The OCR'd PNG: what the reader was unsure of stands out, with the reasons.
    // Found by its file, not by what OCR read from it.
    const listed = (await svc.app!.inject({ method: 'GET', url: `/api/v1/invoices?dossier_id=${await folderId(page)}`, headers: user.auth })).json();
    const details = await Promise.all(listed.data.map(async (i: { id: string }) => (await svc.app!.inject({ method: 'GET', url: `/api/v1/invoices/${i.id}`, headers: user.auth })).json()));
    const png = details.find((d: { file: { name: string } }) => d.file.name === path.basename(PNG));
    await page.goto(`${base}/#/invoices/${png.id}`);
    await page.getByRole('img', { name: 'AmazonWebServices.png' }).waitFor();
    assert.ok(await page.locator('.field.low').count() > 0, 'low-confidence fields are highlighted');
    // Exactly the fields the engine held back, each by its own bar (the supplier's is fitted, not 0.8).
    const heldBack = new Set((png.extraction.review_reason_codes as Array<{ code: string; params: { field?: string } }>)
      .filter((r) => r.code === 'field_uncertain' || r.code === 'field_not_found').map((r) => r.params.field));
    assert.equal(await page.locator('.field.low').count(), heldBack.size, `highlighted: the fields of ${JSON.stringify([...heldBack])}`);
    await page.getByRole('note').waitFor();
    await shot(page, 'invoice-review.png');

    // 375 px wide: the detail page does not scroll sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), 'no horizontal scroll at 375 px');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('Settings > API: generate a token, use it over plain HTTP, revoke it and see the call fail', { timeout: 60_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = errorsOf(page);
    await signIn(page);
    const dossier = (await svc.app!.inject({ method: 'POST', url: '/api/v1/dossiers', headers: user.auth, payload: { name: 'API' } })).json();

    await page.getByRole('link', { name: 'Paramètres › API' }).click();
    await page.getByLabel('Nom du jeton').fill('Export comptable');
    await page.getByLabel('Durée de validité').selectOption('30');
    await page.getByRole('button', { name: 'Générer un jeton' }).last().click();
    const token = await page.getByLabel('Jeton', { exact: true }).inputValue();
    assert.match(token, /^ey/);
    assert.match(await page.locator('pre.curl').innerText(), new RegExp(`Authorization: Bearer ${token}`));
    await shot(page, 'settings-api.png');

    const call = () => fetch(`${base}/api/v1/invoices?dossier_id=${dossier.id}`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal((await call()).status, 200);
    await page.reload();
    await page.getByRole('cell', { name: 'Export comptable', exact: true }).waitFor();
    assert.doesNotMatch(await page.locator('table.tokens').innerText(), /jamais/); // last use recorded

    await page.getByRole('button', { name: 'Révoquer Export comptable' }).click();
    await page.getByRole('cell', { name: 'Révoqué' }).waitFor();
    const refused = await call();
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('content-type'), 'application/problem+json; charset=utf-8');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('an expired session returns to sign-in with a message; English is one click away', { timeout: 60_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await signIn(page);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Folders' }).waitFor();
    // Simulate a token that the server no longer accepts.
    await page.evaluate(() => {
      const s = JSON.parse(sessionStorage.getItem('invoices.session')!);
      sessionStorage.setItem('invoices.session', JSON.stringify({ ...s, token: `${s.token}x` }));
    });
    await page.getByLabel('Folder name').fill('Anything');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Your session has expired. Please sign in again.').waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375));
    await page.evaluate(() => localStorage.removeItem('invoices.lang'));
    await page.close();
  });
});

async function folderId(page: Page): Promise<string> {
  const href = await page.getByRole('link', { name: /Retour/ }).getAttribute('href');
  return href!.replace('#/dossiers/', '');
}
