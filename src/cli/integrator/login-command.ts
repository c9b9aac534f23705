// `invoices login [--url URL] [--email EMAIL] [--password-stdin]`: asks what is missing (the
// password without echo), signs in, and stores the address and the token for the other commands.
import { createInterface } from 'node:readline/promises';
import { text } from 'node:stream/consumers';
import password from '@inquirer/password';
import { InvoiceClient } from '../../client/client.ts';
import { storeLogin } from './credentials.ts';
import { EXIT, UsageError } from './exit.ts';

export interface LoginOptions { url?: string; email?: string; passwordStdin?: boolean }

async function ask(question: string, fallback?: string): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError(`${question} is required: pass it as an option when not on a terminal`);
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = (await rl.question(fallback ? `${question} (${fallback}): ` : `${question}: `)).trim();
    return answer || fallback || '';
  } finally {
    rl.close();
  }
}

export async function loginCommand(options: LoginOptions, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const url = options.url ?? (await ask('API URL', env.INVOICES_URL ?? 'http://localhost:3000'));
  if (!URL.canParse(url)) throw new UsageError(`Not a URL: ${url}`);
  const email = options.email ?? (await ask('E-mail'));
  let secret: string;
  if (options.passwordStdin) secret = (await text(process.stdin)).replace(/\r?\n$/, '');
  else if (process.stdin.isTTY) secret = await password({ message: 'Password', mask: '*' });
  else throw new UsageError('The password is read from a terminal, or from standard input with --password-stdin');
  const client = await InvoiceClient.login(url, email, secret);
  const file = storeLogin({ url, token: client.token! });
  process.stdout.write(`Signed in to ${url} as ${email}; token stored in ${file} (expires ${client.session.expiresAt?.toISOString() ?? 'never'})\n`);
  return EXIT.ok;
}
