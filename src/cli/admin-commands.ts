import { loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { createUser } from '../services/users.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

export async function migrateCommand(): Promise<number> {
  const db = await openDatabase(loadConfig());
  const applied = await migrate(db); // openDatabase already migrated; this reports nothing pending
  process.stdout.write(applied.length ? `Applied ${applied.join(', ')}\n` : 'Database is up to date\n');
  await db.close();
  return 0;
}

export async function userCreateCommand(opts: { firm?: string; email?: string; 'password-stdin'?: boolean }): Promise<number> {
  if (!opts.firm || !opts.email || !opts['password-stdin']) {
    process.stderr.write('Usage: invoices user create --firm NAME --email EMAIL --password-stdin  (the password is read from standard input)\n');
    return 2;
  }
  const password = await readStdin();
  const db = await openDatabase(loadConfig());
  try {
    const { firm, user } = await createUser(db, { firm: opts.firm, email: opts.email, password });
    process.stdout.write(`Created user ${user.email} (${user.id}) in firm "${firm.name}" (${firm.id})\n`);
    return 0;
  } finally {
    await db.close();
  }
}
