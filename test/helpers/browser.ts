// What the browser tests share: Debian's chromium through playwright-core, signing in, the page's
// errors, screenshots for the README, and real corpus invoices imported and extracted.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { corpusPath, multipart, waitFor, type TestService } from './service.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');
// Without chromium on a developer's machine the suites say so; CI installs it, so there they must run.
export const skipWithoutBrowser = !fs.existsSync(CHROMIUM) && !process.env.CI ? `no browser at ${CHROMIUM}` : false;

export const launchBrowser = (): Promise<Browser> => chromium.launch({
  executablePath: CHROMIUM, headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** The page's uncaught errors and console errors, as they happen. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

/** Signs in through the French sign-in form and waits for the folders. */
export async function signIn(page: Page, base: string, user: { email: string; password: string }): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Mot de passe').fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { name: 'Dossiers' }).waitFor();
}

/** With UPDATE_SCREENSHOTS=1, the whole page to docs/screenshots/NAME. */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

/** Imports corpus files into a folder through the API and waits until each is extracted; their ids, in order. */
export async function importExtracted(svc: TestService, auth: Record<string, string>, dossierId: string, files: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) {
    const body = multipart([{ name: 'dossier_id', value: dossierId }, { name: 'file', value: fs.readFileSync(corpusPath(file)), filename: path.basename(file) }]);
    ids.push((await svc.app!.inject({ method: 'POST', url: '/api/v1/invoices', headers: { ...auth, ...body.headers }, payload: body.payload })).json().id);
  }
  for (const id of ids) {
    await waitFor(async () => {
      const state = (await svc.app!.inject({ method: 'GET', url: `/api/v1/invoices/${id}`, headers: auth })).json().processing.state;
      return state === 'done' || state === 'failed' ? true : undefined;
    }, 120_000);
  }
  return ids;
}
