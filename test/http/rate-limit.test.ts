// Rate limits per token and per firm (issue #14): RateLimit-* headers, 429 problem+json with
// Retry-After, and a noisy firm does not limit another (how long the other waits: bench/noisy-neighbour.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixedWindowLimiter } from '../../src/http/plugins/rate-limit.ts';
import type { Extractor } from '../../src/extraction/types.ts';
import { ENGINES } from '../helpers/databases.ts';
import { newFirm, startTestService, type TestService } from '../helpers/service.ts';

const noExtraction = (async () => { throw new Error('no extraction in these tests'); }) as unknown as Extractor;

test('fixed windows: check() counts nothing, take() counts, a new window starts afresh', () => {
  let now = 1_000_000;
  const limiter = fixedWindowLimiter(2, 10_000, () => now);
  assert.deepEqual(limiter.check('a'), { limit: 2, remaining: 2, resetSeconds: 10, allowed: true });
  assert.equal(limiter.take('a').remaining, 1);
  now += 4_500;
  assert.deepEqual(limiter.take('a'), { limit: 2, remaining: 0, resetSeconds: 6, allowed: false }, 'taken, and the next would be refused');
  assert.equal(limiter.check('a').allowed, false);
  assert.equal(limiter.check('b').allowed, true, 'keys are independent');
  now += 5_500;
  assert.deepEqual(limiter.check('a'), { limit: 2, remaining: 2, resetSeconds: 10, allowed: true });
  now += 30_000;
  limiter.check('c');
  assert.equal(limiter.size, 1, 'finished windows are forgotten');
});

for (const engine of ENGINES) {
  describe(`rate limits on ${engine}`, () => {
    let svc: TestService;
    before(async () => {
      svc = await startTestService(engine, { RATE_LIMIT_PER_TOKEN: '8', RATE_LIMIT_PER_FIRM: '12', RATE_LIMIT_WINDOW_SECONDS: '60' }, noExtraction);
    });
    after(async () => { await svc.stop(); });
    const list = (auth: object, dossier = 'dos_none') =>
      svc.app!.inject({ method: 'GET', url: `/api/v1/invoices?dossier_id=${dossier}`, headers: auth as Record<string, string> });

    test('a token is limited on its own, then its firm across tokens; another firm is untouched', async () => {
      const noisy = await newFirm(svc);
      const quiet = await newFirm(svc);
      const first = await list(noisy.auth);
      assert.equal(first.statusCode, 404, 'limited requests still get their own answer');
      // The tighter limit is shown: the token's 8 before the firm's 12.
      assert.deepEqual([first.headers['ratelimit-limit'], first.headers['ratelimit-remaining']], ['8', '7']);
      assert.ok(Number(first.headers['ratelimit-reset']) > 0 && Number(first.headers['ratelimit-reset']) <= 60);
      for (let i = 0; i < 7; i++) assert.equal((await list(noisy.auth)).statusCode, 404);
      const refused = await list(noisy.auth);
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal(refused.json().code, 'rate_limited');
      assert.equal(refused.json().details.scope, 'token');
      assert.equal(refused.headers['ratelimit-remaining'], '0');
      assert.equal(refused.headers['retry-after'], refused.headers['ratelimit-reset']);
      assert.ok(Number(refused.headers['retry-after']) >= 1);

      // A second token of the same firm has its own 8, but the firm has only 12 - 8 = 4 left.
      const login = await svc.app!.inject({ method: 'POST', url: '/api/auth/token', payload: { email: noisy.email, password: noisy.password } });
      const second = { authorization: `Bearer ${login.json().access_token}` };
      const remaining = [];
      for (let i = 0; i < 4; i++) remaining.push((await list(second)).headers['ratelimit-remaining']);
      assert.deepEqual(remaining, ['3', '2', '1', '0']);
      const firmRefused = await list(second);
      assert.equal(firmRefused.statusCode, 429);
      assert.equal(firmRefused.json().details.scope, 'firm');

      // The other firm: a full allowance, as if the noisy one did not exist.
      const other = await list(quiet.auth);
      assert.equal(other.statusCode, 404);
      assert.deepEqual([other.headers['ratelimit-limit'], other.headers['ratelimit-remaining']], ['8', '7']);
    });

    test('the limit covers every /api/v1 route; an unverifiable token is a 401 and is not counted', async () => {
      const firm = await newFirm(svc);
      for (let i = 0; i < 8; i++) await list(firm.auth);
      const tokens = (await svc.app!.inject({ method: 'GET', url: '/api/v1/tokens', headers: firm.auth })).statusCode;
      assert.equal(tokens, 429);
      const bad = await svc.app!.inject({ method: 'GET', url: '/api/v1/invoices?dossier_id=x', headers: { authorization: 'Bearer not-a-jwt' } });
      assert.equal(bad.statusCode, 401, 'an unverifiable token is a 401, never counted');
      assert.equal(bad.headers['ratelimit-limit'], undefined);
    });
  });
}

for (const engine of ENGINES) {
  describe(`a noisy firm does not use up another's allowance (real HTTP, ${engine})`, () => {
    let svc: TestService;
    let base: string;
    before(async () => {
      svc = await startTestService(engine, { RATE_LIMIT_PER_TOKEN: '0', RATE_LIMIT_PER_FIRM: '40' }, noExtraction);
      base = await svc.app!.listen({ host: '127.0.0.1', port: 0 });
    });
    after(async () => { await svc.stop(); });

    async function listOver(auth: Record<string, string>, dossier: string) {
      const res = await fetch(`${base}/api/v1/invoices?dossier_id=${dossier}`, { headers: auth });
      await res.arrayBuffer();
      return { status: res.status, remaining: res.headers.get('ratelimit-remaining') };
    }
    const logout = async (auth: Record<string, string>) => (await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: auth })).status;

    // How long the quiet firm waits during the flood, against alone, is measured by
    // bench/noisy-neighbour.ts (docs/benchmarks.md), not here.
    test('while one firm floods and is refused, the other is served all its requests, counted apart; a refusal reads no token row', async () => {
      const noisy = await newFirm(svc);
      const quiet = await newFirm(svc);
      const folder = async (auth: Record<string, string>) => (await svc.app!.inject({
        method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: 'F' } })).json().id as string;
      const noisyFolder = await folder(noisy.auth);
      const quietFolder = await folder(quiet.auth);

      // By turns one request alone and one while 8 clients of the noisy firm flood.
      const during: Array<Awaited<ReturnType<typeof listOver>>> = [];
      const noisyStatuses: number[] = [];
      for (let round = 0; round < 10; round++) {
        assert.equal((await listOver(quiet.auth, quietFolder)).status, 200);
        let flooding = true;
        const flood = async () => {
          const statuses: number[] = [];
          while (flooding) statuses.push((await listOver(noisy.auth, noisyFolder)).status);
          return statuses;
        };
        const floods = Array.from({ length: 8 }, flood);
        await new Promise((r) => setTimeout(r, 50));
        during.push(await listOver(quiet.auth, quietFolder));
        flooding = false;
        noisyStatuses.push(...(await Promise.all(floods)).flat());
      }

      // At least 8 requests a round, 80 in all, of which 39 are allowed: more than half are refused.
      assert.ok(noisyStatuses.filter((s) => s === 429).length > noisyStatuses.length / 2, `the noisy firm was refused (${noisyStatuses.length} requests)`);
      assert.equal(noisyStatuses.filter((s) => s === 200).length, 40 - 1, 'the noisy firm got its allowance, no more (1 went to creating its folder)');
      assert.deepEqual(noisyStatuses.filter((s) => s !== 200 && s !== 429), []);
      assert.deepEqual(during.map((d) => d.status), Array(10).fill(200));
      // Its folder, then by turns one request alone and one during the flood.
      assert.deepEqual(during.map((d) => d.remaining), Array.from({ length: 10 }, (_, i) => String(40 - 3 - 2 * i)), "the quiet firm's allowance counts only its own requests");

      // A refusal is answered before the token's row is read: revoked (sign-out is outside /api/v1,
      // so not limited), the noisy firm's token still gets 429, not the 401 the row would give. The
      // quiet firm's revoked token, under its limit, is looked up and gets 401.
      assert.equal(await logout(noisy.auth), 204);
      const revokedNoisy = await listOver(noisy.auth, noisyFolder);
      assert.equal(revokedNoisy.status, 429, 'refused before the token row (which says revoked) is read');
      assert.equal(await logout(quiet.auth), 204);
      assert.equal((await listOver(quiet.auth, quietFolder)).status, 401);
    });
  });
}
