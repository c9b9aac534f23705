// The integrators' commands (login, dossiers, import, list, show, export), parsed with commander.
// Each action returns its exit code; an error is printed as one line (src/cli/integrator/exit.ts).
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { INVOICE_STATUSES } from '../../domain/invoice.ts';
import { connect } from './credentials.ts';
import { EXIT, errorLine, exitCodeFor } from './exit.ts';
import { exportCommand } from './export-command.ts';
import { importCommand } from './import-command.ts';
import { loginCommand } from './login-command.ts';
import { dossiersCreate, dossiersList, listCommand, showCommand } from './read-commands.ts';

const integer = (min: number, max: number) => (value: string) => {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new InvalidArgumentError(`an integer from ${min} to ${max}`);
  return Number(value);
};
const isoDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new InvalidArgumentError('a date as YYYY-MM-DD');
  return value;
};

const ENVIRONMENT_HELP = `
Environment:
  INVOICES_URL, INVOICES_TOKEN  the service and a token; they override what \`invoices login\` stored
Exit codes: 0 ok, 1 request failed, 2 usage, 3 not signed in or token refused, 4 import done with refused or failed files`;

function buildProgram(done: (code: number) => void): Command {
  const program = new Command('invoices')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text.split('\n')[0]!.replace(/^error: /, 'invoices: ') + '\n') })
    .addHelpText('after', ENVIRONMENT_HELP);
  const run = (action: () => Promise<number>) => async () => done(await action());

  program.command('login').description('sign in and store the service address and token (mode 0600) in the user\'s config folder')
    .option('--url <url>', 'the service, e.g. https://invoices.example.com').option('--email <email>', 'your e-mail')
    .option('--password-stdin', 'read the password from standard input instead of prompting')
    .action((options) => run(() => loginCommand(options))());

  const dossiers = program.command('dossiers').description('list or create folders');
  dossiers.command('list').description('every folder of the firm').option('--json', 'JSON output')
    .action((options) => run(() => dossiersList(connect(), options))());
  dossiers.command('create').description('create a folder and print its id').argument('<name>', 'the folder\'s name').option('--json', 'JSON output')
    .action((name: string, options) => run(() => dossiersCreate(connect(), name, options))());

  program.command('import').description('import PDF/JPG/PNG/XML files and folders (recursively); safe to run again after an interruption')
    .requiredOption('--dossier <folder>', 'the folder, by id or exact name')
    .addOption(new Option('--concurrency <n>', 'files sent at once').argParser(integer(1, 16)).default(4))
    .option('--wait', 'follow processing to the end and print a summary')
    .addOption(new Option('--timeout <seconds>', 'longest wait for one invoice with --wait').argParser(integer(1, 86400)).default(600))
    .argument('<paths...>', 'files or folders')
    .action((paths: string[], options) => run(() => importCommand(connect(), paths, {
      dossier: options.dossier, concurrency: options.concurrency, wait: options.wait ?? false, timeoutSeconds: options.timeout,
    }))());

  program.command('list').description('a folder\'s invoices, every page')
    .requiredOption('--dossier <folder>', 'the folder, by id or exact name')
    .addOption(new Option('--status <status>', 'only this status').choices([...INVOICE_STATUSES]))
    .addOption(new Option('--from <date>', 'invoice date from (YYYY-MM-DD)').argParser(isoDate))
    .addOption(new Option('--to <date>', 'invoice date to (YYYY-MM-DD)').argParser(isoDate))
    .option('--duplicates', 'only the invoices flagged as likely duplicates')
    .option('--sort <column>', 'date_facture, montant_ttc, fournisseur, status or created_at; "-" first for descending')
    .addOption(new Option('--json', 'JSON array').conflicts('csv'))
    .option('--csv', 'CSV with a header line')
    .action((options) => run(() => listCommand(connect(), options))());

  program.command('show').description('one invoice: fields, processing, review reasons').argument('<id>', 'the invoice id (inv_…)')
    .option('--json', 'the API\'s JSON')
    .action((id: string, options) => run(() => showCommand(connect(), id, options))());
  program.command('export').description('book the folder\'s validated invoices into an export batch (they become exported) and write its file')
    .requiredOption('--dossier <folder>', 'the folder, by id or exact name')
    .addOption(new Option('--format <format>', 'fec (Fichier des Écritures Comptables) or csv').choices(['fec', 'csv']).makeOptionMandatory())
    .requiredOption('-o, --output <file>', 'where to write the file; - for standard output')
    .addOption(new Option('--from <date>', 'invoice date from (YYYY-MM-DD)').argParser(isoDate))
    .addOption(new Option('--to <date>', 'invoice date to (YYYY-MM-DD)').argParser(isoDate))
    .option('--charge-account <account>', 'FEC: the charge account for this batch (the service\'s FEC_CHARGE_ACCOUNT otherwise)')
    .action((options) => run(() => exportCommand(connect(), options))());

  for (const command of [...program.commands, ...dossiers.commands]) command.addHelpText('after', ENVIRONMENT_HELP);
  return program;
}

export async function runIntegratorCommand(argv: string[]): Promise<number> {
  let code: number = EXIT.ok;
  const program = buildProgram((c) => { code = c; });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    process.stderr.write(`invoices: ${errorLine(error)}\n`);
    return exitCodeFor(error);
  }
}
