import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../test-support/process.js';
import { type TestServer, startTestServer } from '../../test-support/server.js';

const WEB = join(repoRoot(), 'web', 'dist');

/** The raw answer: headers and bytes as sent, not decoded. */
function get(
  url: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the web app (web/dist, built by make build)', () => {
  let app: TestServer;
  let script: string;
  beforeAll(async () => {
    app = await startTestServer();
    const shell = (await get(`${app.url}/ordering`)).body.toString('utf8');
    script = /\/assets\/index-[\w-]+\.js/.exec(shell)![0];
  });
  afterAll(() => app.close());

  it('sends the scripts compressed at build time, as the browser accepts them, and cacheable for good', async () => {
    const file = join(WEB, script);
    const br = await get(`${app.url}${script}`, 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(readFileSync(`${file}.br`))).toBe(true);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await get(`${app.url}${script}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(readFileSync(`${file}.gz`))).toBe(true);

    const plain = await get(`${app.url}${script}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(readFileSync(file))).toBe(true);
  });

  it('sends the service worker and the manifest revalidated on every load, so a new version is found', async () => {
    const sw = await get(`${app.url}/sw.js`, 'gzip, deflate, br');
    expect(sw.status).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await get(`${app.url}/manifest.webmanifest`, 'gzip, deflate, br');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const shell = await get(`${app.url}/index.html`, 'br');
    expect(shell.headers['cache-control']).toBe('no-cache');
  });

  it('answers client-side routes with the app shell, never cached', async () => {
    const shell = await get(`${app.url}/history`, 'gzip');
    expect(shell.status).toBe(200);
    expect(shell.headers['content-type']).toMatch(/text\/html/);
    expect(shell.headers['cache-control']).toBe('no-cache');
  });

  it('answers a script of an earlier build with 404, not the app shell, so a page open across a deploy can tell', async () => {
    for (const gone of ['/assets/nav-drawer-BlrkNKef.js', '/assets/old.css', '/registerSW-old.js']) {
      const res = await get(`${app.url}${gone}`, 'gzip');
      expect(res.status, gone).toBe(404);
      expect(res.headers['content-type'], gone).not.toMatch(/text\/html/);
    }
  });

  it("names a first screen's scripts in its shell, for the browser to fetch while it parses the page", async () => {
    const preloads = async (path: string) => {
      const html = (await get(`${app.url}${path}`)).body.toString('utf8');
      return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
    };
    const status = await preloads('/statusOrder');
    const board = await preloads('/ordering');
    const history = await preloads('/history');

    // Every shell names the entry's own chunks; a screen's shell, its page's and layout's too.
    expect(history).toContainEqual(expect.stringMatching(/^\/assets\/framework-[\w-]+\.js$/));
    expect(status).toEqual(expect.arrayContaining(history));
    expect(status).toContainEqual(expect.stringMatching(/^\/assets\/orders-page-[\w-]+\.js$/));
    expect(status).toContainEqual(expect.stringMatching(/^\/assets\/customer-layout-[\w-]+\.js$/));
    expect(board).toContainEqual(expect.stringMatching(/^\/assets\/ordering-page-[\w-]+\.js$/));
    expect(history.some((f) => /orders-page|ordering-page/.test(f))).toBe(false);
    expect(await preloads('/statusOrder?tab=1')).toEqual(status);
    expect((await get(`${app.url}/login`)).body.toString('utf8')).toContain('data-screen="welcome"');
    for (const file of new Set([...status, ...board])) expect((await get(`${app.url}${file}`)).status, file).toBe(200);
  });

  it('sends a JSON answer once serialised: gzipped when asked and over 1 KiB, its length exact otherwise', async () => {
    const plain = await get(`${app.url}/api/openapi.json`);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    const document = JSON.parse(plain.body.toString('utf8')) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);

    const gzip = await get(`${app.url}/api/openapi.json`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(document);

    const small = await get(`${app.url}/api/healthz`, 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ status: 'ok' });
    expect(Number(small.headers['content-length'])).toBe(small.body.length);
  });
});
