// The web UI's sign-out (src/web/public/api.js, called by the "Sign out" button) against the real
// server: the token is revoked there, not only forgotten by the browser. The browser's
// sessionStorage is stood in for by a Map; fetch is Node's, pointed at the listening server.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { newFirm, startTestService, type TestService } from '../helpers/service.ts';

interface WebApi {
  session: { set(token: string, expiresIn: number, email: string): void; get(): unknown };
  api(method: string, path: string): Promise<{ data: unknown[] }>;
  signOut(): Promise<void>;
}
const API_MODULE = new URL('../../src/web/public/api.js', import.meta.url).href;

describe('web UI sign-out', () => {
  let svc: TestService;
  let base: string;
  const realFetch = globalThis.fetch;
  before(async () => {
    svc = await startTestService('pglite', {}, async () => { throw new Error('no extraction in these tests'); });
    base = await svc.app!.listen({ host: '127.0.0.1', port: 0 });
    const store = new Map<string, string>();
    Object.assign(globalThis, {
      sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) },
      // The page's relative URLs resolve against the server, as in the browser.
      fetch: (url: string, init?: RequestInit) => realFetch(new URL(url, base), init),
    });
  });
  after(async () => {
    globalThis.fetch = realFetch;
    await svc.stop();
  });

  test('revokes the token on the server, then forgets it', async () => {
    const { token, email } = await newFirm(svc);
    const api = await import(API_MODULE) as WebApi;
    api.session.set(token, 86400, email);
    assert.equal((await api.api('GET', '/api/v1/dossiers')).data.length, 0, 'signed in');
    await api.signOut();
    assert.equal(api.session.get(), null, 'forgotten in the browser');
    const after = await svc.app!.inject({ method: 'GET', url: '/api/v1/dossiers', headers: { authorization: `Bearer ${token}` } });
    assert.equal(after.statusCode, 401, 'and refused by the server');
  });
});
