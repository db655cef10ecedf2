import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageService } from '../../images/images.js';
import { createImageSweep, sweepOrphanImages } from '../../images/sweeper.js';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { catalog, jpegDataUrl, placeCafeOrder, problem } from './fixtures.js';

describe('photo uploads: a quota per user, and photos no order uses are collected', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer({ UPLOADS_PER_USER_PER_DAY: '3' });
  });
  afterAll(() => app.close());

  const upload = async (token: string, color = { r: 10, g: 20, b: 30 }) =>
    app.call<{ url: string }>('POST', '/upload/image', { token, body: { file: await jpegDataUrl(color) } });

  it('answers 429 with Retry-After once a user has uploaded the day’s quota; others still upload', async () => {
    const first = await app.newUser('Uploader');
    for (let i = 0; i < 3; i++) expect((await upload(first.token, { r: i, g: 0, b: 0 })).status).toBe(201);
    const over = await upload(first.token);
    expect(over.status).toBe(429);
    expect(problem(over).code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    const second = await app.newUser('Other');
    expect((await upload(second.token)).status).toBe(201);
  });

  it('deletes, once past the retention, the photos no order carries, and keeps the one on an order', async () => {
    const person = await app.newUser('Orderer');
    const used = (await upload(person.token, { r: 200, g: 0, b: 0 })).body.url;
    const orphan = (await upload(person.token, { r: 0, g: 200, b: 0 })).body.url;
    const { cafeMenu } = await catalog(app, person.token);
    expect((await placeCafeOrder(app, person.token, cafeMenu.id, used)).status).toBe(201);

    const images = createImageService({ db: app.db, dataDir: app.dataDir, useDatabase: false });
    // Nothing is old enough yet.
    expect(await sweepOrphanImages({ images, db: app.db, before: new Date(Date.now() - 3600_000) })).toEqual([]);

    const gone = await sweepOrphanImages({ images, db: app.db, before: new Date(Date.now() + 1000) });
    expect(gone).toContain(orphan.split('/').pop());
    expect(gone).not.toContain(used.split('/').pop());
    expect((await fetch(`${app.url}${orphan}`)).status).toBe(404);
    expect((await fetch(`${app.url}${used}`)).status).toBe(200);
    expect(readdirSync(join(app.dataDir, 'images'))).toContain(used.split('/').pop());
  });

  it('sweeps once an hour for the whole deployment: the process holding the lease sweeps, the others skip', async () => {
    const person = await app.newUser('Swept');
    const orphan = (await upload(person.token, { r: 0, g: 0, b: 200 })).body.url;
    const images = createImageService({ db: app.db, dataDir: app.dataDir, useDatabase: false });
    // Every photo counts as past the retention; the test's own sweepers stand for three API processes.
    const sweeper = (holder: string) =>
      createImageSweep({
        images,
        db: app.db,
        clock: () => new Date(Date.now() + 3600_000),
        retentionHours: 0,
        logger: { info() {}, warn() {} },
        holder,
      });
    await app.db.knex('leases').where({ name: 'image-sweep' }).delete();
    const [a, b, c] = [sweeper('a'), sweeper('b'), sweeper('c')];

    const first = await Promise.all([a(), b(), c()]);
    expect(first.filter((n) => n !== null)).toHaveLength(1);
    expect((await fetch(`${app.url}${orphan}`)).status).toBe(404);
    const holder = first.findIndex((n) => n !== null);
    const others = [a, b, c].filter((_, i) => i !== holder);
    expect(await Promise.all(others.map((sweep) => sweep()))).toEqual([null, null]);

    // The holder's hour is up (it stopped, or it is late): the next process to look sweeps, the last skips.
    await app.db.knex('leases').where({ name: 'image-sweep' }).update({ expires_at: 0 });
    expect(await others[0]!()).toBe(0);
    expect(await others[1]!()).toBeNull();
  });
});
