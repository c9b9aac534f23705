// Exporting from the web interface, in a real browser against the real service and its exports API,
// with real corpus invoices: Exporter on a selection (refused while one is not validated), the
// Exports page with its totals and files, cancelling after a confirmation, and a period's batch.
// UPDATE_SCREENSHOTS=1 also writes docs/screenshots/exports.png.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { importExtracted, launchBrowser, signIn, shot, skipWithoutBrowser as skip } from '../helpers/browser.ts';
import { newFirm, startTestService, type TestService } from '../helpers/service.ts';
const FILES = [
  'docs/mustangproject/zugferd_invoice.pdf',
  'docs/invoice2data/coolblue2.pdf',
  'docs/factur-x-kit/PDF_DESIGN_DE_Kleinunternehmer.pdf',
  'docs/invoice2data/saeco.pdf', // stays pending: no supplier found
];
const normalise = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const frMoney = (n: number) => normalise(new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n));

describe('exports in the web interface (chromium)', { skip }, () => {
  let svc: TestService;
  let browser: Browser;
  let base: string;
  let user: Awaited<ReturnType<typeof newFirm>>;
  let dossierId: string;
  const invoices: Record<string, { id: string; status: string; fournisseur: string | null }> = {};
  const api = async (url: string, method = 'GET', payload?: object) =>
    (await svc.app!.inject({ method: method as 'GET', url, headers: user.auth, ...(payload ? { payload } : {}) })).json();

  before(async () => {
    svc = await startTestService('pglite');
    base = await svc.app!.listen({ host: '127.0.0.1', port: 0 });
    user = await newFirm(svc);
    dossierId = (await api('/api/v1/dossiers', 'POST', { name: 'Exports du mois' })).id;
    const ids = await importExtracted(svc, user.auth, dossierId, FILES);
    for (const [i, file] of FILES.entries()) invoices[path.basename(file)] = await api(`/api/v1/invoices/${ids[i]}`);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await svc?.stop();
  });

  async function signedIn(): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && !/status of 409/.test(m.text()) && errors.push(m.text()));
    await signIn(page, base, user);
    return { page, errors };
  }
  const row = (page: Page, file: string) => page.locator(`table.invoices tr[data-id="${invoices[file]!.id}"]`);

  test('Exporter the selection, see the batch on the Exports page, download its file, cancel it after confirming', { timeout: 120_000 }, async () => {
    const validated = Object.entries(invoices).filter(([, d]) => d.status === 'validated').map(([file]) => file);
    assert.ok(validated.length >= 2 && invoices['saeco.pdf']!.status === 'pending', JSON.stringify(invoices));
    const [first, second] = validated as [string, string];
    const { page, errors } = await signedIn();
    await page.goto(`${base}/#/dossiers/${dossierId}`);
    await page.locator('table.invoices tfoot').waitFor();

    // A pending invoice in the selection: nothing is exported, and the refusal names it.
    for (const file of [first, second, 'saeco.pdf']) await row(page, file).locator('input[type=checkbox]').check();
    await page.getByLabel('Format').selectOption('fec');
    await page.getByRole('button', { name: 'Exporter', exact: true }).click();
    const refusal = await page.getByRole('alert').innerText();
    assert.match(refusal, /Seules les factures validées peuvent être exportées/);
    assert.match(refusal, /fournisseur inconnu/); // saeco's row name
    assert.equal((await api(`/api/v1/exports?dossier_id=${dossierId}`)).data.length, 0);

    await row(page, 'saeco.pdf').locator('input[type=checkbox]').uncheck();
    await page.getByRole('button', { name: 'Exporter', exact: true }).click();
    await page.getByText('Export créé : 2 factures.').waitFor();
    await row(page, first).locator('.badge-exported').waitFor();
    const [batch] = (await api(`/api/v1/exports?dossier_id=${dossierId}`)).data;
    assert.deepEqual([...batch.invoice_ids].sort(), [invoices[first]!.id, invoices[second]!.id].sort());

    await page.getByRole('link', { name: 'Voir les exports' }).click();
    await page.getByRole('heading', { name: 'Exports · Exports du mois' }).waitFor();
    const line = page.locator(`table.exports tr[data-id="${batch.id}"]`);
    const cells = normalise(await line.innerText());
    assert.match(cells, new RegExp(`FEC\\s+2\\s+${frMoney(batch.totals.montant_ht)}\\s+${frMoney(batch.totals.montant_tva)}\\s+${frMoney(batch.totals.montant_ttc)}\\s+Actif`));

    // The file, as the API serves it: a FEC with its 18 tab-separated columns.
    const [download] = await Promise.all([page.waitForEvent('download'), line.getByRole('button', { name: /^Télécharger/ }).click()]);
    assert.equal(download.suggestedFilename(), batch.file_name);
    const fec = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
    assert.equal(fec[0]!.split('\t').length, 18);
    assert.equal(fec[0]!.split('\t')[0], 'JournalCode');
    await shot(page, 'exports.png');

    // Cancelling asks first; "Non" keeps the batch.
    await line.getByRole('button', { name: /Annuler l’export/ }).click();
    await page.getByText('Annuler cet export ? Ses factures redeviendront « Validée ».').waitFor();
    await page.getByRole('button', { name: 'Non, conserver' }).click();
    assert.equal((await api(`/api/v1/exports/${batch.id}`)).status, 'active');
    await line.getByRole('button', { name: /Annuler l’export/ }).click();
    await page.getByRole('button', { name: 'Oui, annuler' }).click();
    await page.getByText('Export annulé : ses factures sont de nouveau validées.').waitFor();
    await line.locator('.badge-cancelled').waitFor();
    assert.equal((await api(`/api/v1/exports/${batch.id}`)).status, 'cancelled');
    for (const file of [first, second]) assert.equal((await api(`/api/v1/invoices/${invoices[file]!.id}`)).status, 'validated');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a new batch of every validated invoice of the folder, as CSV, from the Exports page', { timeout: 60_000 }, async () => {
    const { page, errors } = await signedIn();
    await page.goto(`${base}/#/dossiers/${dossierId}/exports`);
    await page.getByRole('heading', { name: 'Nouvel export' }).waitFor();
    const before = (await api(`/api/v1/exports?dossier_id=${dossierId}`)).data.length;
    const validated = (await api(`/api/v1/invoices/totals?dossier_id=${dossierId}&status=validated`)).count;
    assert.ok(validated >= 2, `${validated} validated (the cancelled batch's invoices among them)`);
    await page.getByLabel('Format').selectOption('csv');
    await page.getByRole('button', { name: 'Exporter toutes les factures validées' }).click();
    await page.getByText(`Export créé : ${validated} facture${validated > 1 ? 's' : ''}.`).waitFor();
    const batches = (await api(`/api/v1/exports?dossier_id=${dossierId}`)).data;
    assert.equal(batches.length, before + 1);
    const created = batches.find((b: { format: string; status: string }) => b.format === 'csv' && b.status === 'active');
    assert.equal(created.invoice_count, validated);
    await page.locator(`table.exports tr[data-id="${created.id}"]`).waitFor();
    // Nothing left to export: the page says so in French.
    await page.getByRole('button', { name: 'Exporter toutes les factures validées' }).click();
    await page.getByText('Aucune facture validée à exporter.').waitFor();
    assert.deepEqual(errors.filter((e) => !/status of 422/.test(e)), []);
    await page.close();
  });
});
