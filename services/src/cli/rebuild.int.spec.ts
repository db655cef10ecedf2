import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { tag } from '@drinks/contracts';
import { ALL_PROJECTIONS } from '@drinks/projections';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProjector } from '../projector/projector.js';
import { createEventStore } from '../store/event-store.js';
import type { EventStore } from '../store/types.js';
import { BACKENDS, testDatabase, type TestDb } from '../test-support/db.js';
import { repoRoot } from '../test-support/process.js';

const run = promisify(execFile);
const CLI = join(repoRoot(), 'services', 'dist', 'cli', 'rebuild.js');

describe.each(BACKENDS)('make rebuild (cli/rebuild.js) on %s', (backend) => {
  let db: TestDb;
  let store: EventStore;
  beforeEach(async () => {
    db = await testDatabase(backend);
    store = createEventStore(db);
    await store.append([
      {
        type: 'UserRegistered',
        tags: [tag.user('u1')],
        data: { userId: 'u1', email: 'u1@woxa.tech', name: 'Ann', role: 'user' },
      },
    ]);
    await store.append([{ type: 'UserRenamed', tags: [tag.user('u1')], data: { userId: 'u1', name: 'Anna' } }]);
    const projector = createProjector({ db, store, projections: ALL_PROJECTIONS, timeZone: 'Asia/Bangkok' });
    await projector.migrate();
    await projector.catchUp();
  });
  afterEach(async () => {
    await store.close();
    await db.cleanup();
  });

  const rebuild = (...args: string[]) =>
    run(process.execPath, [CLI, ...args], { env: { ...process.env, DATABASE_URL: '', ...db.env } });

  it('replays the log into the named read models and prints the rate', async () => {
    await db.knex('rm_users').update({ name: 'garbage' });
    const { stdout } = await rebuild('users');
    expect(stdout).toMatch(/^Rebuilt users: 2 events in [\d.]+ s \([\d,]+ events\/s\), now at position 2$/m);
    expect(await db.knex('rm_users').select('id', 'name')).toEqual([{ id: 'u1', name: 'Anna' }]);
  });

  it('refuses an unknown projection, naming the known ones, and changes nothing', async () => {
    const refused = await rebuild('nope').then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(refused?.code).toBe(2);
    expect(refused?.stderr).toMatch(/nope/);
    expect(refused?.stderr).toMatch(/orders/);
    expect(await db.knex('rm_users').select('id', 'name')).toEqual([{ id: 'u1', name: 'Anna' }]);
  });
});
