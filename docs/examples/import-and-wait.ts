// The README's client example, run as it is by test/cli/client.test.ts:
//   INVOICES_URL=http://localhost:3000 INVOICES_EMAIL=… INVOICES_PASSWORD=… node docs/examples/import-and-wait.ts FILE...
import { InvoiceApiError, InvoiceClient } from 'invoice-service';

const client = await InvoiceClient.login(process.env.INVOICES_URL!, process.env.INVOICES_EMAIL!, process.env.INVOICES_PASSWORD!);

const dossier = (await client.listDossiers()).find((d) => d.name === 'Scanner') ?? (await client.createDossier('Scanner'));
for (const file of process.argv.slice(2)) {
  // Sends an Idempotency-Key derived from the folder, the bytes and the name: running this again imports nothing twice.
  const { invoice, outcome } = await client.importInvoice(file, dossier.id);
  const done = await client.waitForProcessing(invoice.id); // polls with backoff until done or failed
  console.log(outcome, done.id, done.status, done.montant_ttc, done.extraction?.review_reasons.join('; ') ?? '');
}

const validated = await client.listInvoices({ dossier_id: dossier.id, status: 'validated', per_page: 100 });
console.log(`validated: ${validated.meta.total}`);

try {
  await client.getInvoice('inv_does_not_exist');
} catch (error) {
  if (!(error instanceof InvoiceApiError)) throw error;
  console.log(error.status, error.code, error.title); // 404 not_found Not Found
}
