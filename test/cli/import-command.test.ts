// The real `invoices` command (a child process) against a real listening service: login stores the
// token with mode 0600; import of a folder with --wait prints the summary; an import killed mid-way
// and run again creates no duplicate; list, show and errors behave as documented.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { InvoiceClient, tokenExpiry } from '../../src/client/index.ts';
import { mintToken } from '../../src/services/auth.ts';
import { ENGINES } from '../helpers/databases.ts';
import { listeningService, runCli, scratchConfigHome, startCli } from '../helpers/cli.ts';
import { corpusPath, newFirm, waitFor, type TestService } from '../helpers/service.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FACTURX = corpusPath('docs/factur-x-kit/PDF_DESIGN_DE_Kleinunternehmer.pdf');

/** A folder as a scanner leaves it: corpus invoices in subfolders, a copy under another name, a stray text file. */
function scannerFolder(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-scans-'));
  const files: Array<[string, string]> = [
    ['2025/01/kleinunternehmer.pdf', 'docs/factur-x-kit/PDF_DESIGN_DE_Kleinunternehmer.pdf'],
    ['2025/01/zfdemo.pdf', 'docs/factur-x-kit/ZFdemo_2p1_en16931_67b499beca63e.pdf'],
    ['2025/02/extended.PDF', 'docs/horstoeko-zugferd/pdf_fx_extended_1.pdf'],
    ['2025/02/mustang.pdf', 'docs/mustangproject/zugferd_invoice.pdf'],
    ['aws.png', 'docs/invoice2data/AmazonWebServices.png'],
    ['2025/copy-of-zfdemo.pdf', 'docs/factur-x-kit/ZFdemo_2p1_en16931_67b499beca63e.pdf'],
  ];
  for (const [to, from] of files) {
    fs.mkdirSync(path.dirname(path.join(root, to)), { recursive: true });
    fs.copyFileSync(corpusPath(from), path.join(root, to));
  }
  fs.copyFileSync(path.join(ROOT, 'test/fixtures/einvoice/ubl-invoice.xml'), path.join(root, '2025/02/ubl.xml'));
  fs.writeFileSync(path.join(root, 'notes.txt'), 'not an invoice');
  return root;
}

/** n different PDFs (one corpus invoice with a distinct comment after its end), so each is a new invoice. */
function distinctPdfs(n: number): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-many-'));
  const bytes = fs.readFileSync(FACTURX);
  for (let i = 0; i < n; i++) fs.writeFileSync(path.join(root, `invoice-${String(i).padStart(2, '0')}.pdf`), Buffer.concat([bytes, Buffer.from(`\n% copy ${i}\n`)]));
  return root;
}

for (const engine of ENGINES) {
  describe(`the invoices command on ${engine}`, () => {
    let svc: TestService;
    let url: string;
    const configHome = scratchConfigHome();
    before(async () => { ({ svc, url } = await listeningService(engine)); });
    after(async () => {
      await svc.stop();
      fs.rmSync(configHome, { recursive: true, force: true });
    });

    test('import --wait of a folder: files found recursively, the summary table, the invoices in the folder', { timeout: 240_000 }, async () => {
      const firm = await newFirm(svc);
      const env = { INVOICES_URL: url, INVOICES_TOKEN: firm.token, XDG_CONFIG_HOME: configHome };
      const created = await runCli(['dossiers', 'create', 'Scanner'], env);
      assert.equal(created.code, 0, created.stderr);
      const dossierId = created.stdout.trim();
      const run = await runCli(['import', '--dossier', 'Scanner', '--wait', '--concurrency', '3', scannerFolder()], env);
      assert.equal(run.code, 0, run.stderr + run.stdout);
      assert.match(run.stdout, /7 file\(s\) into Scanner .*: 6 new, 0 already sent by an earlier run, 1 duplicate\(s\), 0 refused/);
      const table = Object.fromEntries([...run.stdout.matchAll(/^(validated|pending|failed|duplicates|likely duplicates|refused)\s+(\d+)$/gm)].map((m) => [m[1], Number(m[2])]));
      assert.equal(table.validated! + table.pending!, 6, run.stdout);
      assert.deepEqual([table.failed, table.duplicates, table.refused], [0, 1, 0], run.stdout);
      if (table.pending) assert.match(run.stdout, /To review\n/);
      const client = new InvoiceClient({ baseUrl: url, token: firm.token });
      // Two of the corpus's demo invoices share a seller and a number: the service flags the later one.
      assert.equal(table['likely duplicates'], (await client.listInvoices({ dossier_id: dossierId, duplicate: true })).meta.total);
      assert.equal((await client.listInvoices({ dossier_id: dossierId })).meta.total, 6);

      const json = JSON.parse((await runCli(['list', '--dossier', dossierId, '--json'], env)).stdout) as Array<{ id: string; status: string }>;
      assert.equal(json.length, 6);
      const csv = (await runCli(['list', '--dossier', 'Scanner', '--csv', '--status', 'validated'], env)).stdout.trim().split('\r\n');
      assert.equal(csv[0], 'id,date_facture,fournisseur,siret,montant_ht,montant_tva,montant_ttc,status');
      assert.equal(csv.length - 1, table.validated);
      const shown = await runCli(['show', json[0]!.id], env);
      assert.match(shown.stdout, new RegExp(`^id +${json[0]!.id}$`, 'm'));

      // Export the validated ones as CSV: the file is written, they become exported; a second export has nothing to book.
      assert.ok(table.validated! >= 1, 'the Factur-X PDFs and the UBL file validate');
      const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-export-')), 'export.csv');
      const exported = await runCli(['export', '--dossier', 'Scanner', '--format', 'csv', '-o', out], env);
      assert.equal(exported.code, 0, exported.stderr);
      assert.match(exported.stdout, new RegExp(`^exp_\\w+: ${table.validated} invoice\\(s\\) of Scanner, TTC \\d+\\.\\d{2}, written to `));
      assert.equal(fs.readFileSync(out, 'utf8').trim().split('\r\n').length, table.validated! + 1, 'a header and one row per invoice');
      assert.equal((await client.listInvoices({ dossier_id: dossierId, status: 'exported' })).meta.total, table.validated);
      const again = await runCli(['export', '--dossier', 'Scanner', '--format', 'fec', '-o', out], env);
      assert.equal(again.code, 1);
      assert.match(again.stderr, /^invoices: [^:\n]+: [^\n]+\n$/, 'one line: nothing to export');
      assert.equal((await runCli(['export', '--dossier', 'Scanner', '--format', 'xls', '-o', out], env)).code, 2);
    });

    test('an import killed mid-way and run again imports every file once', { timeout: 240_000 }, async () => {
      const firm = await newFirm(svc);
      const env = { INVOICES_URL: url, INVOICES_TOKEN: firm.token, XDG_CONFIG_HOME: configHome };
      const client = new InvoiceClient({ baseUrl: url, token: firm.token });
      const dossier = await client.createDossier('Interrupted');
      const folder = distinctPdfs(16);
      const first = startCli(['import', '--dossier', dossier.id, '--concurrency', '1', folder], env);
      await waitFor(async () => (/^created /m.test(first.stdout()) ? true : undefined), 60_000, 5);
      process.kill(-first.child.pid!, 'SIGKILL'); // the whole group, as Ctrl-C reaches it
      const killed = await first.done;
      assert.equal(killed.code, null, 'killed, not finished');
      const before = (await client.listInvoices({ dossier_id: dossier.id })).meta.total;
      assert.ok(before >= 1 && before < 16, `stopped mid-way (${before} of 16)`);

      const again = await runCli(['import', '--dossier', dossier.id, folder], env);
      assert.equal(again.code, 0, again.stderr);
      const replayed = (again.stdout.match(/^replayed /gm) ?? []).length;
      const created = (again.stdout.match(/^created /gm) ?? []).length;
      // An upload whose bytes had all left before the kill may still commit after \`before\` was
      // counted: at least the files counted then are answered as replays, never imported again.
      assert.ok(replayed >= before && replayed < 16, `the files already sent are answered, not imported again (${replayed} replayed, ${before} counted after the kill)`);
      assert.equal(created + replayed, 16);
      assert.equal((await client.listInvoices({ dossier_id: dossier.id })).meta.total, 16, 'no duplicates');
    });

    test('login stores the token with mode 0600; the stored login is used; errors are one line with an exit code', async () => {
      const firm = await newFirm(svc);
      const home = scratchConfigHome();
      const env = { XDG_CONFIG_HOME: home };
      const login = await runCli(['login', '--url', url, '--email', firm.email, '--password-stdin'], env, `${firm.password}\n`);
      assert.equal(login.code, 0, login.stderr);
      const file = path.join(home, 'invoices', 'config.json');
      assert.equal(fs.statSync(file).mode & 0o777, 0o600);
      assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).url, url);

      assert.equal((await runCli(['dossiers', 'create', 'Stored login'], env)).code, 0);
      const listed = await runCli(['dossiers', 'list'], env);
      assert.match(listed.stdout, /Stored login/);

      // A stored token about to expire is refreshed, and the fresh one stored, still readable by the user alone.
      const short = await mintToken(svc.deps, svc.deps.db, { firmId: firm.firm.id, userId: firm.user.id }, 'session', null, 30);
      fs.writeFileSync(file, JSON.stringify({ url, token: short.accessToken }), { mode: 0o600 });
      assert.equal((await runCli(['dossiers', 'list'], env)).code, 0);
      const refreshed = JSON.parse(fs.readFileSync(file, 'utf8')).token as string;
      assert.notEqual(refreshed, short.accessToken);
      assert.ok(tokenExpiry(refreshed)! > Date.now() + 3600_000);
      assert.equal(fs.statSync(file).mode & 0o777, 0o600);

      const wrong = await runCli(['login', '--url', url, '--email', firm.email, '--password-stdin'], env, 'wrong\n');
      assert.deepEqual([wrong.code, wrong.stderr], [3, 'invoices: Unauthorized: The e-mail or the password is wrong\n']);
      const unknown = await runCli(['show', 'inv_unknown'], env);
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /^invoices: Not Found: [^\n]+\n$/);
      assert.equal((await runCli(['import', '--dossier', 'Stored login'], env)).code, 2, 'no path is a usage error');
      assert.equal((await runCli(['list', '--dossier', 'x', '--from', '2025-13'], env)).code, 2);
      assert.equal((await runCli(['import', '--dossier', 'Stored login', '/nonexistent/path'], env)).code, 2);
      assert.equal((await runCli(['dossiers', 'list'], { XDG_CONFIG_HOME: scratchConfigHome() })).code, 3, 'not signed in');
      fs.rmSync(home, { recursive: true, force: true });
    });

    test('the README\'s command-line example (docs/examples/scanner-folder.sh) runs as written', { timeout: 240_000 }, async () => {
      const firm = await newFirm(svc);
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-example-'));
      fs.mkdirSync(path.join(work, 'bin'));
      fs.writeFileSync(path.join(work, 'bin/invoices'), `#!/bin/sh\nexec "${process.execPath}" "${path.join(ROOT, 'bin/invoices.js')}" "$@"\n`, { mode: 0o755 });
      const scans = path.join(work, 'scans');
      fs.mkdirSync(scans);
      fs.copyFileSync(FACTURX, path.join(scans, 'facture.pdf'));
      const env = {
        ...process.env, PATH: `${path.join(work, 'bin')}:${process.env.PATH}`, XDG_CONFIG_HOME: path.join(work, 'config'),
        INVOICES_URL: url, INVOICES_EMAIL: firm.email, INVOICES_PASSWORD: firm.password, SCANS: scans,
      };
      const { stdout } = await promisify(execFile)('sh', [path.join(ROOT, 'docs/examples/scanner-folder.sh')], { cwd: work, env });
      assert.match(stdout, /^Signed in to /);
      assert.match(stdout, /^1 file\(s\) into Boulangerie Martin .*: 1 new/m);
      assert.match(stdout, /^1 invoice\(s\)$/m);
      assert.match(fs.readFileSync(path.join(work, 'validated.csv'), 'utf8'), /^id,date_facture,/);
      assert.match(fs.readFileSync(path.join(work, 'fec.txt'), 'utf8'), /^JournalCode\tJournalLib\t/);
      assert.match(stdout, /^exp_\w+: 1 invoice\(s\) of Boulangerie Martin, TTC [\d.]+, written to fec.txt$/m);
      fs.rmSync(work, { recursive: true, force: true });
    });

    test('another firm: show, import and export answer 404 (exit 1) and change nothing', async () => {
      const owner = await newFirm(svc);
      const stranger = await newFirm(svc);
      const client = new InvoiceClient({ baseUrl: url, token: owner.token });
      const dossier = await client.createDossier('Private');
      const { invoice } = await client.importInvoice(FACTURX, dossier.id);
      const env = { INVOICES_URL: url, INVOICES_TOKEN: stranger.token, XDG_CONFIG_HOME: configHome };
      const show = await runCli(['show', invoice.id], env);
      assert.equal(show.code, 1);
      assert.match(show.stderr, /^invoices: Not Found: /);
      const imported = await runCli(['import', '--dossier', dossier.id, FACTURX], env);
      assert.equal(imported.code, 1);
      assert.match(imported.stderr, /^invoices: Not Found: /);
      const exported = await runCli(['export', '--dossier', dossier.id, '--format', 'csv', '-o', '-'], env);
      assert.deepEqual([exported.code, exported.stdout], [1, '']);
      assert.match(exported.stderr, /^invoices: Not Found: /);
      assert.equal((await client.getDossier(dossier.id)).invoice_count, 1);
    });
  });
}
