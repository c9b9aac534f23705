import assert from 'node:assert/strict';
import { after, before, describe, mock, test } from 'node:test';
import { SignJWT, decodeJwt } from 'jose';
import { ENGINES } from '../helpers/databases.ts';
import { contractInject } from '../helpers/openapi.ts';
import { newFirm, startTestService, type TestService } from '../helpers/service.ts';
import { mintToken } from '../../src/services/auth.ts';
import type { Queryable } from '../../src/db/database.ts';

for (const engine of ENGINES) {
  describe(`auth on ${engine}`, () => {
    let svc: TestService;
    before(async () => { svc = await startTestService(engine, { LOGIN_MAX_FAILURES: '3' }); });
    after(async () => { await svc.stop(); });
    // Every response is checked against the OpenAPI document.
    const inject = contractInject(() => svc.app!);

    test('issues a 24-hour bearer JWT with pinned claims', async () => {
      const { email, password, firm, user } = await newFirm(svc);
      const res = await inject({ method: 'POST', url: '/api/auth/token', payload: { email, password } });
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.token_type, 'Bearer');
      assert.equal(body.expires_in, 86400);
      const claims = decodeJwt(body.access_token);
      assert.equal(claims.sub, user.id);
      assert.equal(claims.firm, firm.id);
      assert.equal(claims.iss, 'invoice-service');
      assert.equal(claims.aud, 'invoice-service-api');
      assert.equal(claims.exp! - claims.iat!, 86400);
      assert.match(String(claims.jti), /^tok_/);
    });

    test('a wrong password and an unknown e-mail get the same 401', async () => {
      const { email } = await newFirm(svc);
      const wrong = await inject({ method: 'POST', url: '/api/auth/token', payload: { email, password: 'nope-nope-nope' } });
      const unknown = await inject({ method: 'POST', url: '/api/auth/token', payload: { email: 'ghost@nowhere.test', password: 'nope-nope-nope' } });
      assert.equal(wrong.statusCode, 401);
      assert.equal(unknown.statusCode, 401);
      assert.equal(wrong.headers['content-type'], 'application/problem+json; charset=utf-8');
      const strip = (b: Record<string, unknown>) => ({ ...b, instance: undefined });
      assert.deepEqual(strip(wrong.json()), strip(unknown.json()));
    });

    test('repeated failures are throttled with 429 and Retry-After', async () => {
      const { email, password } = await newFirm(svc);
      for (let i = 0; i < 3; i++) {
        const r = await inject({ method: 'POST', url: '/api/auth/token', payload: { email, password: 'wrong-password' } });
        assert.equal(r.statusCode, 401);
      }
      const locked = await inject({ method: 'POST', url: '/api/auth/token', payload: { email, password } });
      assert.equal(locked.statusCode, 429);
      assert.ok(Number(locked.headers['retry-after']) > 0);
      assert.equal(locked.json().code, 'too_many_attempts');
    });

    test('refresh returns a fresh token and revokes the old one', async () => {
      const { token } = await newFirm(svc);
      const res = await inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.statusCode, 200);
      const fresh = res.json().access_token;
      assert.notEqual(fresh, token);
      assert.equal(res.json().expires_in, 86400);
      const old = await inject({ method: 'GET', url: '/api/v1/dossiers', headers: { authorization: `Bearer ${token}` } });
      assert.equal(old.statusCode, 401);
      assert.equal(old.headers['www-authenticate'], 'Bearer error="invalid_token"');
      const ok = await inject({ method: 'GET', url: '/api/v1/dossiers', headers: { authorization: `Bearer ${fresh}` } });
      assert.equal(ok.statusCode, 200);
      const again = await inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: `Bearer ${token}` } });
      assert.equal(again.statusCode, 401);
    });

    test('expired, tampered, alg:none and wrong-audience tokens get 401', async () => {
      const { token, firm, user } = await newFirm(svc);
      const secret = svc.deps.jwtSecret;
      const sign = (claims: { aud?: string; exp?: number; iss?: string }) => new SignJWT({ firm: firm.id })
        .setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setJti(decodeJwt(token).jti!).setIssuedAt(Math.floor(Date.now() / 1000) - 100)
        .setIssuer(claims.iss ?? 'invoice-service').setAudience(claims.aud ?? 'invoice-service-api')
        .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 600).sign(secret);
      const [head, payload] = token.split('.');
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      const tampered = `${head}.${Buffer.from(JSON.stringify({ ...decodeJwt(token), firm: 'firm_other' })).toString('base64url')}.${token.split('.')[2]}`;
      const cases = {
        expired: await sign({ exp: Math.floor(Date.now() / 1000) - 10 }),
        audience: await sign({ aud: 'someone-else' }),
        issuer: await sign({ iss: 'evil' }),
        none,
        tampered,
        garbage: 'not-a-jwt',
      };
      for (const [name, bad] of Object.entries(cases)) {
        const res = await inject({ method: 'GET', url: '/api/v1/dossiers', headers: { authorization: `Bearer ${bad}` } });
        assert.equal(res.statusCode, 401, name);
        assert.equal(res.headers['www-authenticate'], 'Bearer error="invalid_token"', name);
      }
      const valid = await sign({});
      assert.equal((await inject({ method: 'GET', url: '/api/v1/dossiers', headers: { authorization: `Bearer ${valid}` } })).statusCode, 200);
      assert.equal((await inject({ method: 'GET', url: '/api/v1/dossiers' })).statusCode, 401);
    });

    test('exp - iat is exactly the lifetime, however long issuing takes', async (t) => {
      const { firm, user } = await newFirm(svc);
      // A busy machine: the clock moves 1.5 s while the token's row is written.
      t.after(() => mock.timers.reset());
      mock.timers.enable({ apis: ['Date'], now: Date.parse('2026-03-01T10:00:00.900Z') });
      const slow: Queryable = {
        query: async <R>(sql: string, params?: unknown[]) => {
          const result = await svc.deps.db.query<R>(sql, params);
          mock.timers.tick(1500);
          return result;
        },
      };
      const issued = await mintToken(svc.deps, slow, { firmId: firm.id, userId: user.id }, 'session', null, 86400);
      const claims = decodeJwt(issued.accessToken);
      assert.equal(claims.exp! - claims.iat!, 86400);
      assert.equal(issued.expiresAt.getTime(), claims.exp! * 1000, 'the row and the token expire together');
    });

    test('sign-out revokes the token that sends it, at once', async () => {
      const { auth, email, password } = await newFirm(svc);
      const other = (await inject({ method: 'POST', url: '/api/auth/token', payload: { email, password } })).json().access_token;
      const out = await inject({ method: 'POST', url: '/api/auth/logout', headers: auth });
      assert.equal(out.statusCode, 204);
      assert.equal(out.body, '');
      assert.equal((await inject({ method: 'GET', url: '/api/v1/dossiers', headers: auth })).statusCode, 401);
      assert.equal((await inject({ method: 'POST', url: '/api/auth/refresh', headers: auth })).statusCode, 401);
      assert.equal((await inject({ method: 'POST', url: '/api/auth/logout', headers: auth })).statusCode, 401, 'twice is a 401');
      const stillIn = await inject({ method: 'GET', url: '/api/v1/dossiers', headers: { authorization: `Bearer ${other}` } });
      assert.equal(stillIn.statusCode, 200, 'another session of the same user stays signed in');
      assert.equal((await inject({ method: 'POST', url: '/api/auth/logout' })).statusCode, 401);
    });

    test('named tokens: create, list, use, revoke stops them at once', async () => {
      const { auth } = await newFirm(svc);
      const created = await inject({ method: 'POST', url: '/api/v1/tokens', headers: auth, payload: { name: 'Compta export', expires_in_days: 30 } });
      assert.equal(created.statusCode, 201);
      const t = created.json();
      assert.equal(t.name, 'Compta export');
      const days = (Date.parse(t.expires_at) - Date.now()) / 86400000;
      assert.ok(days > 29.9 && days <= 30);
      const named = { authorization: `Bearer ${t.access_token}` };
      assert.equal((await inject({ method: 'GET', url: '/api/v1/dossiers', headers: named })).statusCode, 200);
      const list = (await inject({ method: 'GET', url: '/api/v1/tokens', headers: auth })).json().data;
      assert.equal(list.length, 1);
      assert.equal(list[0].id, t.id);
      assert.ok(list[0].last_used_at, 'last use is recorded');
      assert.equal(list[0].access_token, undefined, 'the secret is never listed');
      assert.equal((await inject({ method: 'DELETE', url: `/api/v1/tokens/${t.id}`, headers: auth })).statusCode, 204);
      assert.equal((await inject({ method: 'GET', url: '/api/v1/dossiers', headers: named })).statusCode, 401);
      const bad = await inject({ method: 'POST', url: '/api/v1/tokens', headers: auth, payload: { name: 'x', expires_in_days: 9999 } });
      assert.equal(bad.statusCode, 400);
    });
  });
}
