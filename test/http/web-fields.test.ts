// /fields.js, the browser module the web UI takes the invoice fields' labels and kinds from: made by
// the server from the field registry, served as JavaScript under the UI's Content-Security-Policy.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { INVOICE_FIELDS } from '../../src/domain/invoice-fields.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

describe('the fields module of the web UI', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService('pglite', {}, async () => { throw new Error('no extraction in these tests'); });
  });
  after(async () => { await svc.stop(); });

  test('is the registry, as an ES module a browser may run', async () => {
    const response = await svc.app!.inject({ method: 'GET', url: '/fields.js' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/javascript/);
    assert.match(String(response.headers['content-security-policy']), /script-src 'self'/);
    const module = await import(`data:text/javascript;base64,${Buffer.from(response.body).toString('base64')}`) as { FIELDS: unknown };
    assert.deepEqual(module.FIELDS, INVOICE_FIELDS);
  });

  test('is not part of the API document', async () => {
    const document = (await svc.app!.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    assert.ok(!('/fields.js' in document.paths));
  });
});
