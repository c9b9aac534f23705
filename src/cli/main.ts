// `invoices <command>`: serve | worker | migrate | user create | extract | eval, and the integrators'
// commands (login | dossiers | import | list | show | export), which talk to a running service (./integrator/).
import { parseArgs } from 'node:util';
import type { Half } from '../evaluation/split.ts';
import { extractCommand } from './extract-command.ts';
import { migrateCommand, userCreateCommand } from './admin-commands.ts';

const USAGE = `Usage: invoices <command>

Commands:
  serve                         API and worker in one process (ROLE=api|worker|all)
  worker                        job workers only, for production scaling
  migrate                       apply database migrations and exit
  user create --firm NAME --email EMAIL --password-stdin
                                add a user (the firm is created when new)
  extract [--json] FILE...      extract invoice fields offline, one result per file
  eval CORPUS [--split tune|check|whole] [--kind K]... [--all] [--out FILE] [--details FILE]
                                score the extractor on a corpus with truth.json;
                                without --split, the tune and check halves side by side;
                                whole: a generated set from a tune seed, undivided

For integrators (a running service; \`invoices <command> --help\` for each):
  login [--url URL] [--email EMAIL] [--password-stdin]
                                sign in; the token is stored in the user's config folder
  dossiers list | dossiers create NAME
  import --dossier D [--concurrency N] [--wait] PATH...
                                import PDF/JPG/PNG/XML files and folders; safe to re-run
  list --dossier D [--status S] [--from DATE] [--to DATE] [--duplicates] [--json|--csv]
  show ID [--json]
  export --dossier D --format fec|csv -o FILE [--from DATE] [--to DATE]
  INVOICES_URL and INVOICES_TOKEN override the stored login.
`;

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
    case 'worker': {
      const { main } = await import('../main.ts');
      await main({ role: command === 'worker' ? 'worker' : undefined });
      return -1; // keeps running
    }
    case 'migrate':
      return migrateCommand();
    case 'user':
      if (rest[0] !== 'create') break;
      return userCreateCommand(parseArgs({
        args: rest.slice(1),
        options: { firm: { type: 'string' }, email: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
      }).values);
    case 'extract': {
      const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { json: { type: 'boolean' } } });
      return extractCommand(positionals, { json: values.json ?? false });
    }
    case 'eval': {
      const { values, positionals } = parseArgs({
        args: rest, allowPositionals: true,
        options: { kind: { type: 'string', multiple: true }, all: { type: 'boolean' }, split: { type: 'string' }, out: { type: 'string' }, details: { type: 'string' } },
      });
      if (positionals.length !== 1) break;
      const { evalCommand } = await import('./eval-command.ts');
      return evalCommand(positionals[0]!, {
        kinds: values.kind ?? [], all: values.all ?? false, split: values.split as Half | 'whole' | undefined, out: values.out, details: values.details,
        command: `npm run eval -- ${rest.join(' ')}`,
      });
    }
    case 'login':
    case 'dossiers':
    case 'import':
    case 'list':
    case 'show':
    case 'export': {
      const { runIntegratorCommand } = await import('./integrator/program.ts');
      return runIntegratorCommand(argv);
    }
    case undefined:
    case '--help':
    case 'help':
      process.stdout.write(USAGE);
      return 0;
  }
  process.stderr.write(`Unknown command: ${argv.join(' ')}\n\n${USAGE}`);
  return 2;
}

run(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  },
);
