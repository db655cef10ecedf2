import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test-support/server.js';

type Who = 'anonymous' | 'user' | 'barista' | 'admin';
type Expect = Record<Who, number[]>;

const ANY: Expect = { anonymous: [401], user: [200], barista: [200], admin: [200] };
const STAFF: Expect = { anonymous: [401], user: [403], barista: [200], admin: [200] };
const ADMIN: Expect = { anonymous: [401], user: [403], barista: [403], admin: [200] };
const PUBLIC: Expect = { anonymous: [200], user: [200], barista: [200], admin: [200] };

// Read-only calls: the role decides the status, nothing else does.
const matrix: [string, string, Expect][] = [
  ['GET', '/healthz', PUBLIC],
  ['GET', '/cafe-status', PUBLIC],
  ['GET', '/config', PUBLIC],
  ['GET', '/openapi.json', PUBLIC],
  ['GET', '/user/me', ANY],
  ['GET', '/user', ADMIN],
  ['GET', '/category', ANY],
  ['GET', '/order', ANY],
  ['GET', '/order/count/user', ANY],
  ['GET', '/order/my-queue', ANY],
  ['GET', '/order/history/user', ANY],
  ['GET', '/order/count/total', STAFF],
  ['GET', '/order/find/popular-menu', STAFF],
  ['GET', '/order/summary', STAFF],
];

// Writes with a body that fails validation: 401/403 come before 400, so the role still shows.
const writes: [string, string, Expect][] = [
  ['PATCH', '/cafe-status/nonsense', { anonymous: [401], user: [403], barista: [400], admin: [400] }],
  ['POST', '/category', { anonymous: [401], user: [403], barista: [400], admin: [400] }],
  ['PATCH', '/category/unknown', { anonymous: [401], user: [403], barista: [400, 404], admin: [400, 404] }],
  ['PATCH', '/category/unknown/unavailable', { anonymous: [401], user: [403], barista: [404], admin: [404] }],
  ['POST', '/menu', { anonymous: [401], user: [403], barista: [400], admin: [400] }],
  ['PATCH', '/menu/unknown', { anonymous: [401], user: [403], barista: [400, 404], admin: [400, 404] }],
  ['POST', '/order', { anonymous: [401], user: [400], barista: [400], admin: [400] }],
  ['PATCH', '/order/unknown', { anonymous: [401], user: [400, 404], barista: [400, 404], admin: [400, 404] }],
  ['PATCH', '/order/barista/unknown', { anonymous: [401], user: [403], barista: [400, 404], admin: [400, 404] }],
  ['PATCH', '/user', { anonymous: [401], user: [400], barista: [400], admin: [400] }],
  ['PATCH', '/user/unknown', { anonymous: [401], user: [403], barista: [403], admin: [400, 404] }],
  ['POST', '/upload/image', { anonymous: [401], user: [400], barista: [400], admin: [400] }],
];

describe('role matrix', () => {
  let app: TestServer;
  const tokens: Partial<Record<Who, string>> = {};
  beforeAll(async () => {
    app = await startTestServer();
    tokens.user = (await app.login('user@woxa.tech')).accessToken;
    tokens.barista = (await app.login('barista@woxa.tech')).accessToken;
    tokens.admin = (await app.login('admin@woxa.tech')).accessToken;
  });
  afterAll(() => app.close());

  for (const [method, path, expected] of [...matrix, ...writes]) {
    it(`${method} ${path}`, async () => {
      for (const who of ['anonymous', 'user', 'barista', 'admin'] as const) {
        const res = await app.call(method, path, {
          token: tokens[who] ?? null,
          ...(method === 'GET' ? {} : { body: { bogus: true } }),
        });
        expect(expected[who], `${who}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      }
    });
  }
});
