// Where a webhook may send: checked when it is created and again before every attempt, after DNS
// resolution. The attempt then connects to the very address that was checked (see webhook-post.ts),
// so a name that resolves to a public address for the check and to 127.0.0.1 for the connection
// (DNS rebinding) reaches nothing.
import dns from 'node:dns/promises';
import { DomainError } from '../domain/errors.ts';
import { isPublicAddress, literalAddress } from '../domain/public-address.ts';
import { webhookUrlProblem } from '../domain/webhooks.ts';

export interface VettedTarget {
  url: URL;
  /** The IP address to connect to, and only that one. */
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** The target is not allowed; no later attempt will change that. */
export const targetRefused = (detail: string) => new DomainError('webhook_target_refused', detail);

/** The name did not resolve: refused at creation, retried at delivery (DNS can recover). */
export class TargetUnresolved extends Error {}

export async function vetTarget(rawUrl: string, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<VettedTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw targetRefused('url: not an absolute URL');
  }
  const problem = webhookUrlProblem(url);
  if (problem) throw targetRefused(`url: ${problem}`);
  const literal = literalAddress(url.hostname);
  const addresses = literal
    ? [{ address: literal, family: literal.includes(':') ? 6 : 4 }]
    : await resolve(url.hostname).catch((error: NodeJS.ErrnoException) => {
      throw new TargetUnresolved(`url: ${url.hostname} does not resolve (${error.code ?? error.message})`);
    });
  if (!addresses.length) throw new TargetUnresolved(`url: ${url.hostname} does not resolve`);
  // Every address must be public, not just the first: the connection must not pick another one.
  const blocked = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
  if (blocked) {
    throw targetRefused(`url: ${url.hostname} is ${literal ? '' : `resolved to ${blocked.address}, `}a private, loopback or reserved address`);
  }
  const chosen = addresses[0]!;
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}
