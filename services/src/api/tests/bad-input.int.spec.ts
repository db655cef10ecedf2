import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { catalog, placeCafeOrder, staffTokens, uploadImage } from './fixtures.js';

/** What the server sends back on a raw connection to `request`, until it ends or closes the connection. */
function rawAnswer(app: TestServer, request: string): Promise<string> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    let got = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    socket.on('data', (d) => (got += d.toString()));
    socket.on('end', () => resolve(got));
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
  });
}

/** The JSON body of a raw HTTP/1.1 answer. */
const answerBody = (answer: string): unknown => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('bad input', () => {
  let app: TestServer;
  let user: { id: string; token: string };
  let staff: { barista: string; admin: string };
  beforeAll(async () => {
    app = await startTestServer();
    user = await app.newUser('Fuzzer');
    staff = await staffTokens(app);
  });
  afterAll(() => app.close());

  it('malformed JSON is a 400 problem, and the process keeps serving', async () => {
    for (const raw of ['{"menu_id": ', 'null', '5']) {
      const res = await app.call('POST', '/order', { token: user.token, raw });
      expect(res.status, raw).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        detail: 'The body is not a JSON object.',
        errors: [{ path: 'body', message: 'The body is not a JSON object.' }],
      });
    }
    expect((await app.call('GET', '/healthz')).status).toBe(200);
  });

  it('a sign-in whose body is not JSON fails as any sign-in does: 401 INVALID_CREDENTIALS (API.md)', async () => {
    for (const raw of ['not json', '{"email": ', '5', `${'['.repeat(6_000)}${']'.repeat(6_000)}`]) {
      const res = await app.call('POST', '/auth/v2/login', { raw });
      expect(res.status, raw.slice(0, 12)).toBe(401);
      expect(res.body).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        detail: 'Email or Password incorrect.',
        errors: [],
      });
    }
  });

  it('every problem carries `errors`, empty where no field is at fault, as API.md shows it', async () => {
    const anonymous = await app.call('GET', '/user/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ type: 'about:blank', status: 401, errors: [] });
    const forbidden = await app.call('GET', '/user', { token: user.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ code: 'FORBIDDEN', errors: [] });
  });

  it('an id longer than any id is a 404 (nothing is there), not a 400', async () => {
    for (const path of [`/order/${'x'.repeat(65)}`, `/category/${'x'.repeat(65)}`]) {
      const res = await app.call('GET', path, { token: user.token });
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', errors: [] });
    }
  });

  it('a body in an encoding the server does not read is a 415 saying so; a __proto__ key is named', async () => {
    const res = await fetch(`${app.url}/api/user`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', 'content-encoding': 'br2' },
      body: JSON.stringify({ name: 'Encoded' }),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Unsupported Content-Encoding.' });
    const proto = await app.call('PATCH', '/user', { token: user.token, raw: '{"name":"Abc","__proto__":{"x":1}}' });
    expect(proto.status).toBe(400);
    expect(proto.body).toMatchObject({ detail: 'The body must not carry a __proto__ key.' });
    expect((await app.call<{ name: string }>('GET', '/user/me', { token: user.token })).body.name).toBe('Fuzzer');
  });

  it('a body that is not JSON is a 415 saying so and changes nothing; a bodiless PATCH and a +json type pass', async () => {
    const email = `typed-${Date.now()}@woxa.tech`;
    const json = JSON.stringify({ name: 'Typed', email, password: 'Secret-pass-1' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', null]) {
      const res = await fetch(`${app.url}/api/auth/register`, {
        method: 'POST',
        headers: type ? { 'content-type': type } : {},
        body: type ? json : new Blob([json]),
      });
      expect(res.status, String(type)).toBe(415);
      expect(await res.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        detail: 'Send the body as JSON (Content-Type: application/json).',
      });
    }
    const login = await app.call('POST', '/auth/v2/login', { body: { email, password: 'Secret-pass-1' } });
    expect(login.status).toBe(401);
    const patched = await fetch(`${app.url}/api/user`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ name: 'Merge Patched' }),
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ name: 'Merge Patched' });
    const shop = (await app.call<{ isCafeOpen: boolean; isBarOpen: boolean }>('GET', '/cafe-status')).body;
    const status = shop.isCafeOpen ? 'cafe-open' : shop.isBarOpen ? 'bar-open' : 'all-close';
    const bodiless = await fetch(`${app.url}/api/cafe-status/${status}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${staff.barista}` },
    });
    expect(bodiless.status).toBe(200);
    expect(await bodiless.json()).toEqual(shop);
  });

  it('a body nested thousands deep is a 400, signed in or not, and the process keeps serving', async () => {
    // Parsed fine, it overflowed the call stack where it was walked or hashed: a 500 with a logged stack.
    const deep = `${'['.repeat(6_000)}${']'.repeat(6_000)}`;
    for (const [path, token] of [
      ['/auth/refresh-token', null],
      ['/order', user.token],
    ] as const) {
      const res = await app.call('POST', path, {
        token,
        raw: `{"refreshToken":${deep},"menu_id":[]}`,
        headers: { 'Idempotency-Key': 'deep-1' },
      });
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'body' }] });
    }
    expect((await app.call('GET', '/healthz')).status).toBe(200);
  });

  it('a caller the route turns away is answered 401 or 403 whatever the body; an open route still names the body', async () => {
    const broken = '{"menu_id": ';
    const cases: {
      path: string;
      token: string | null;
      headers: Record<string, string>;
      raw: string;
      status: number;
    }[] = [
      { path: '/order', token: null, headers: {}, raw: broken, status: 401 },
      { path: '/order', token: null, headers: { 'Content-Type': 'text/plain' }, raw: '{}', status: 401 },
      { path: '/order', token: 'not-a-token', headers: {}, raw: broken, status: 401 },
      { path: '/menu', token: user.token, headers: {}, raw: broken, status: 403 },
      { path: '/menu', token: staff.barista, headers: {}, raw: broken, status: 400 },
      { path: '/auth/register', token: null, headers: {}, raw: broken, status: 400 },
    ];
    for (const c of cases) {
      const res = await app.call('POST', c.path, { token: c.token, raw: c.raw, headers: c.headers });
      expect(res.status, `${c.path} ${c.token?.slice(0, 8)}`).toBe(c.status);
    }
    const tooBig = await app.call('POST', '/order', { raw: JSON.stringify({ remark: 'x'.repeat(100_000) }) });
    expect(tooBig.status).toBe(401);
  });

  it('a sign-in whose body does not decompress fails as any sign-in does', async () => {
    for (const encoding of ['gzip', 'deflate']) {
      const res = await fetch(`${app.url}/api/auth/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body: 'garbage',
      });
      expect(res.status, encoding).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
  });

  it('text with a lone UTF-16 surrogate is a 400 naming the field, and changes nothing', async () => {
    // JSON's escapes allow half a pair; stored, each came back as three replacement characters (20 became 60).
    const name = await app.call('PATCH', '/user', { token: user.token, raw: `{"name":"${'\\ud800'.repeat(20)}"}` });
    expect(name.status).toBe(400);
    expect(name.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'name', message: 'Text with a lone UTF-16 surrogate is not valid Unicode.' }],
    });
    const note = await app.call('PATCH', '/order/barista/some-id', {
      token: staff.barista,
      raw: '{"status":"rejected","reject_note":"Out of \\udc00 milk"}',
    });
    expect(note.status).toBe(400);
    expect(note.body.errors).toEqual([expect.objectContaining({ path: 'reject_note' })]);
    // A whole pair is one character, and welcome.
    const emoji = await app.call<{ name: string }>('PATCH', '/user', {
      token: user.token,
      body: { name: 'Fuzzer ☕😀' },
    });
    expect(emoji.status).toBe(200);
    expect(emoji.body.name).toBe('Fuzzer ☕😀');
    await app.call('PATCH', '/user', { token: user.token, body: { name: 'Fuzzer' } });
  });

  it('a body whose bytes are not UTF-8 is a 400 naming the field, and changes nothing', async () => {
    for (const bytes of [
      [0xff, 0xfe],
      [0xc0, 0xaf],
    ]) {
      const res = await fetch(`${app.url}/api/user`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: Buffer.concat([Buffer.from('{"name":"Fuzz'), Buffer.from(bytes), Buffer.from('er"}')]),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'name', message: 'Text must be UTF-8: it held bytes that are not (or U+FFFD).' }],
      });
    }
    expect((await app.call<{ name: string }>('GET', '/user/me', { token: user.token })).body.name).toBe('Fuzzer');
  });

  it('a body that says it is compressed but does not decompress is a 400 saying so, and changes nothing', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await fetch(`${app.url}/api/user`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${user.token}`,
          'content-type': 'application/json',
          'content-encoding': encoding,
        },
        body: '{"name":"Squashed"}',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        detail: `The body is not valid ${encoding} (Content-Encoding).`,
      });
    }
    expect((await app.call<{ name: string }>('GET', '/user/me', { token: user.token })).body.name).toBe('Fuzzer');
  });

  it('a method a route does not take is a 405 problem naming the methods it does', async () => {
    const res = await app.call('DELETE', '/user/me', { token: user.token });
    expect(res.status).toBe(405);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ code: 'METHOD_NOT_ALLOWED', detail: 'DELETE is not allowed here.' });
    expect(res.headers.get('allow')).toContain('GET');
  });

  it('a method no route takes (TRACE, PROPFIND) is a 405 where the path exists and a 404 where not, never a 5xx', async () => {
    const send = (method: string, path: string) =>
      new Promise<{ status: number; allow: string | undefined; body: unknown }>((resolve, reject) => {
        const req = request(`${app.url}/api${path}`, { method }, (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body: JSON.parse(text) as unknown }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    for (const method of ['TRACE', 'PROPFIND']) {
      const known = await send(method, '/healthz');
      expect(known.status, method).toBe(405);
      expect(known.allow, method).toContain('GET');
      expect(known.body).toMatchObject({ code: 'METHOD_NOT_ALLOWED', detail: `${method} is not allowed here.` });
      const unknown = await send(method, '/nothing-here');
      expect(unknown.status, method).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', detail: `No route for ${method} /api/nothing-here.` });
    }
  });

  it('a field missing, not one of its values or out of bounds is named in plain words, not zod’s', async () => {
    const refusals: [string, string, { body?: unknown; token: string }, unknown[]][] = [
      [
        'POST',
        '/category',
        { token: staff.barista, body: { name: 'Tea' } },
        [{ path: 'categoryFor', message: 'Required.' }],
      ],
      [
        'POST',
        '/category',
        { token: staff.barista, body: { name: 'Tea', categoryFor: 'pub' } },
        [{ path: 'categoryFor', message: 'Expected one of "cafe", "bar".' }],
      ],
      [
        'PATCH',
        '/cafe-status/open',
        { token: staff.admin },
        [{ path: 'status', message: 'Expected one of "cafe-open", "bar-open", "all-close".' }],
      ],
      [
        'PUT',
        `/user/${user.id}/push/disable`,
        { token: user.token, body: {} },
        [{ path: 'status', message: 'Required.' }],
      ],
      [
        'PUT',
        `/user/${user.id}/push/disable`,
        { token: user.token, body: { status: 'ACTIVE' } },
        [{ path: 'status', message: 'Expected "INACTIVE".' }],
      ],
      [
        'POST',
        '/menu',
        { token: staff.barista, body: { name: 'Tea', description: '', category_id: '' } },
        [{ path: 'category_id', message: 'At least 1 character.' }],
      ],
      ['GET', '/user?limit=0', { token: staff.admin }, [{ path: 'limit', message: 'At least 1.' }]],
    ];
    for (const [method, path, options, errors] of refusals) {
      const res = await app.call(method, path, options);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.errors, `${method} ${path}`).toEqual(errors);
    }
  });

  it('an Idempotency-Key over 200 characters is refused (400), not ignored: nothing is created', async () => {
    const before = (await app.call<unknown[]>('GET', '/category', { token: staff.barista })).body.length;
    const headers = { 'Idempotency-Key': 'k'.repeat(201) };
    for (let i = 0; i < 2; i++) {
      const res = await app.call('POST', '/category', {
        token: staff.barista,
        headers,
        body: { name: 'Longkey', categoryFor: 'bar' },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'Idempotency-Key', message: 'At most 200 characters.' }]);
    }
    expect((await app.call<unknown[]>('GET', '/category', { token: staff.barista })).body).toHaveLength(before);
    const fits = { 'Idempotency-Key': 'k'.repeat(200) };
    const first = await app.call<{ id: string }>('POST', '/category', {
      token: staff.barista,
      headers: fits,
      body: { name: 'Longkey', categoryFor: 'bar' },
    });
    const again = await app.call<{ id: string }>('POST', '/category', {
      token: staff.barista,
      headers: fits,
      body: { name: 'Longkey', categoryFor: 'bar' },
    });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
  });

  it('a 20 MB body is refused with 413 on every route', async () => {
    const big = JSON.stringify({ file: 'x'.repeat(20 * 1024 * 1024) });
    for (const path of ['/upload/image', '/order', '/auth/v2/login']) {
      const res = await app.call('POST', path, { token: user.token, raw: big });
      expect(res.status, path).toBe(413);
    }
  });

  it('a URL over what the server reads is a 431 problem and a request that is not HTTP a 400 one; it keeps serving', async () => {
    const long = await app.call('GET', `/order?x=${'a'.repeat(20_000)}`, { token: user.token });
    expect(long.status).toBe(431);
    expect(long.headers.get('content-type')).toBe('application/problem+json');
    expect(long.body).toMatchObject({
      status: 431,
      code: 'HEADERS_TOO_LARGE',
      detail: 'The URL or headers are too long.',
    });
    const answer = await rawAnswer(app, 'HELLO THERE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain('Content-Type: application/problem+json');
    expect(answerBody(answer)).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect((await app.call('GET', '/healthz')).status).toBe(200);
  });

  it('a WebSocket upgrade whose target is no URL (`//`) is a 400, and the process keeps serving', async () => {
    const upgrade = (target: string) =>
      rawAnswer(
        app,
        `GET ${target} HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
    for (const target of ['//', '//[', 'http://[']) {
      expect(await upgrade(target), target).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    }
    expect((await app.call('GET', '/healthz')).status).toBe(200);
  });

  it('a plain GET asking to upgrade to something else (curl --http2 sends Upgrade: h2c) is served as HTTP/1.1', async () => {
    const answer = await rawAnswer(
      app,
      'GET /api/cafe-status HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade, HTTP2-Settings\r\n' +
        'Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answerBody(answer)).toEqual({
      isCafeOpen: expect.any(Boolean),
      isBarOpen: expect.any(Boolean),
    });
  });

  it('a client resetting such a connection while it is answered leaves the process serving', async () => {
    const { port } = new URL(app.url);
    for (let i = 0; i < 60; i++) {
      await new Promise<void>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            'GET /api/openapi.json HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade, HTTP2-Settings\r\n' +
              'Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n',
          );
          setTimeout(() => {
            socket.resetAndDestroy();
            resolve();
          }, i % 5);
        });
        socket.on('error', () => resolve());
      });
    }
    await new Promise((r) => setTimeout(r, 200));
    expect((await app.call('GET', '/healthz')).status).toBe(200);
  });

  it('a CONNECT (a proxy tunnel request) is a 405 problem, not a connection dropped without an answer', async () => {
    const answer = await rawAnswer(app, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(answerBody(answer)).toMatchObject({
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      detail: 'CONNECT is not allowed here.',
    });
    expect((await app.call('GET', '/healthz')).status).toBe(200);
  });

  it('a request target in absolute form whose host does not parse is a 400 problem, not a 500', async () => {
    const answer = await rawAnswer(
      app,
      'GET http://[::1/api/cafe-status HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain('Content-Type: application/problem+json');
    expect(answerBody(answer)).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'The request target is not a valid URL.',
    });
  });

  it('a query parameter read once but given twice is a 400 saying to give it once, not that it is not text', async () => {
    const cases: [string, string][] = [
      ['/order/count/total?startDate=2026-01-01&startDate=2026-02-01', 'startDate'],
      ['/order/summary?date=2026-01-01&date=2026-01-02', 'date'],
      ['/order?limit=1&limit=2', 'limit'],
      ['/order/count/total?categoryFor=cafe&categoryFor=bar', 'categoryFor'],
    ];
    for (const [path, name] of cases) {
      const res = await app.call('GET', path, { token: staff.admin });
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({
        code: 'VALIDATION_FAILED',
        detail: `${name}: Given more than once: give it once.`,
        errors: [{ path: name, message: 'Given more than once: give it once.' }],
      });
    }
    // Nor is a bracket form there advised to be sent as a list.
    const bracketed = await app.call('GET', '/order/count/total?startDate[]=2026-01-01', { token: staff.admin });
    expect(bracketed.body).toMatchObject({
      errors: [{ path: 'startDate', message: 'startDate[] is not read: give it once, as ?startDate=….' }],
    });
    const listBracketed = await app.call('GET', '/order?status[]=done', { token: staff.admin });
    expect(listBracketed.body).toMatchObject({
      errors: [{ path: 'status', message: 'status[] is not read: give a list as ?status=a&status=b or ?status=a,b.' }],
    });
    // A list parameter may repeat: a wrong value in it is still named as one.
    const listed = await app.call('GET', '/order?status=done&status=nope', { token: staff.admin });
    expect(listed.status).toBe(400);
    expect(JSON.stringify(listed.body)).not.toContain('give it once');
    expect((await app.call('GET', '/order?status=done&status=ordered', { token: staff.admin })).status).toBe(200);
  });

  it('after a chunked body refused as too large, the next request of a keep-alive client is answered', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = request(`${app.url}/api${path}`, { method, headers, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        });
        req.on('error', reject);
        // Written before end: Node sends it chunked, with no Content-Length to refuse it by.
        if (body !== undefined) req.write(body);
        req.end();
      });
    try {
      const big = await send(
        'PATCH',
        '/user',
        { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        `{"name":"${'z'.repeat(2_000_000)}"}`,
      );
      expect(big.status).toBe(413);
      const next = await send('GET', '/user/me', { authorization: `Bearer ${user.token}` });
      expect(next.status).toBe(200);
      expect(big.connection).toBe('close');
    } finally {
      agent.destroy();
    }
  });

  it('fake and oversized images are refused with 415 and 413', async () => {
    const fake = await app.call('POST', '/upload/image', {
      token: user.token,
      body: { file: `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}` },
    });
    expect(fake.status).toBe(415);
    const notDataUrl = await app.call('POST', '/upload/image', {
      token: user.token,
      body: { file: 'http://example.com/x.png' },
    });
    expect(notDataUrl.status).toBe(400);
    const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 0xff);
    huge[0] = 0xff;
    huge[1] = 0xd8;
    huge[2] = 0xff;
    const tooBig = await app.call('POST', '/upload/image', {
      token: user.token,
      body: { file: `data:image/jpeg;base64,${huge.toString('base64')}` },
    });
    expect(tooBig.status).toBe(413);
  });

  it('uploaded images are served with a long cache lifetime and nosniff', async () => {
    const url = await uploadImage(app, user.token);
    const res = await fetch(`${app.url}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`${app.url}/api/images/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/images/nope.png`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/images/${'a'.repeat(100)}.jpg`)).status).toBe(404);
  });

  it('SQL- and script-looking strings are stored as text, never run', async () => {
    const name = "Robert'); DROP TABLE--";
    const res = await app.call('PATCH', '/user', { token: user.token, body: { name: name.slice(0, 20) } });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(name.slice(0, 20));
    const menus = await catalog(app, user.token);
    const image = await uploadImage(app, user.token);
    const order = await placeCafeOrder(app, user.token, menus.cafeMenu.id, image, {
      remark: '<img src=x onerror=alert(1)>',
    });
    expect(order.status).toBe(201);
    expect(order.body.remark).toBe('<img src=x onerror=alert(1)>');
    await app.call('PATCH', `/order/${order.body.id}`, { token: user.token, body: { status: 'cancel' } });
    expect((await app.call('GET', '/category', { token: user.token })).status).toBe(200);
  });

  it('unknown fields are dropped: a body carrying status, role or user changes none of them', async () => {
    const menus = await catalog(app, user.token);
    const image = await uploadImage(app, user.token);
    const order = await placeCafeOrder(app, user.token, menus.cafeMenu.id, image, {
      status: 'done',
      user: { id: 'someone-else' },
      queue_at: 0,
    });
    expect(order.body.status).toBe('ordered');
    expect(order.body.user.id).toBe(user.id);
    const renamed = await app.call('PATCH', '/user', {
      token: user.token,
      body: { name: 'Still User', role: 'admin', isAvailable: false },
    });
    expect(renamed.body).toMatchObject({ role: 'user', isAvailable: true, name: 'Still User' });
    await app.call('PATCH', `/order/${order.body.id}`, { token: user.token, body: { status: 'cancel' } });
  });

  it('random bodies at every endpoint never get a 5xx', async () => {
    const endpoints: [string, string, () => string][] = [
      ['POST', '/auth/register', () => ''],
      ['POST', '/auth/v2/login', () => ''],
      ['POST', '/auth/refresh-token', () => ''],
      ['PATCH', '/user', () => user.token],
      ['PATCH', `/user/${user.id}`, () => staff.admin],
      ['PUT', `/user/${user.id}/push/disable`, () => user.token],
      ['PATCH', '/cafe-status/bar-open', () => staff.barista],
      ['POST', '/category', () => staff.barista],
      ['PATCH', '/category/x', () => staff.barista],
      ['POST', '/menu', () => staff.barista],
      ['PATCH', '/menu/x', () => staff.barista],
      ['POST', '/order', () => user.token],
      ['PATCH', '/order/x', () => user.token],
      ['PATCH', '/order/barista/x', () => staff.barista],
      ['POST', '/upload/image', () => user.token],
      ['GET', '/order?status=', () => user.token],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.jsonValue({ maxDepth: 3 }),
        async ([method, path, token], body) => {
          const res = await app.call(method, path, { token: token() || null, ...(method === 'GET' ? {} : { body }) });
          expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
    expect((await app.call('GET', '/healthz')).status).toBe(200);
  });
});
