import type { AddressInfo } from 'node:net';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateCore } from '../../db/migrations.js';
import { RuleViolation, ValidationError } from '../../errors.js';
import type { Decider } from '../../domain/decider.js';
import { handleCommand } from '../../domain/handle-command.js';
import { createEventStore } from '../../store/event-store.js';
import type { EventStore } from '../../store/types.js';
import { BACKENDS, testDatabase, type TestDb } from '../../test-support/db.js';
import { commandMetadata } from '../routes/command-metadata.js';
import { errorHandler } from './error-handler.js';
import { idempotentBody, recallingOnlyKnownKeys } from './idempotent-body.js';
import type { AppState } from './auth.js';

/** Opening a cafe already open is refused (409), as a second order over the limit would be. */
const cafe: Decider<{ open: boolean }, { open: boolean }> = {
  initialState: { open: false },
  evolve: (_state, event) => ({ open: event.type === 'ShopStatusChanged' && event.data.isCafeOpen }),
  decide: (command, state) => {
    if (command.open && state.open) throw new RuleViolation('SHOP_CLOSED', 'Open already.');
    return [{ type: 'ShopStatusChanged', data: { isCafeOpen: command.open, isBarOpen: false }, tags: ['shop'] }];
  },
};

describe.each(BACKENDS)('an Idempotency-Key (%s)', (kind) => {
  let db: TestDb;
  let server: ReturnType<Koa['listen']>;
  let base: string;
  const recalls: string[] = [];
  /** What the next call does after its command ran: 'answer', or fail with a 500 (the answer lost). */
  let afterCommand: 'answer' | 'fail' = 'answer';

  beforeAll(async () => {
    db = await testDatabase(kind);
    await migrateCore(db);
    const log = createEventStore(db);
    const counted: EventStore = { ...log, recall: (key) => (recalls.push(key), log.recall(key)) };
    const newKeys = new Set<string>();
    const store = recallingOnlyKnownKeys(counted, newKeys);
    const app = new Koa<AppState>();
    const router = new Router<AppState>();
    router.post('/api/shop', async (ctx) => {
      const body = ctx.request.body as { open?: unknown };
      if (typeof body.open !== 'boolean') throw new ValidationError('open: a boolean.');
      const result = await handleCommand(store, {
        query: [{ types: ['ShopStatusChanged'] }],
        decider: cafe,
        command: { open: body.open },
        metadata: commandMetadata(ctx),
      });
      if (afterCommand === 'fail') throw new Error('the answer was lost after the command committed');
      ctx.status = 201;
      ctx.body = { position: result.lastPosition };
    });
    app.use(errorHandler({ error() {}, warn() {}, info() {} } as never));
    app.use(bodyParser());
    app.use((ctx, next) => {
      ctx.state.user = { id: 'u1' } as AppState['user'];
      return next();
    });
    app.use(idempotentBody({ db }, newKeys));
    app.use(router.routes());
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await db.cleanup();
  });

  const countEvents = async () => Number((await db.knex('events').count({ n: '*' }))[0]?.n);
  const post = (key: string, body: object) =>
    fetch(`${base}/api/shop`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });

  it('recalls nothing for a key used for the first time', async () => {
    recalls.length = 0;
    afterCommand = 'answer';
    const res = await post('first-use', { open: false });
    expect(res.status).toBe(201);
    expect(recalls).toEqual([]);
  });

  it('after a 5xx whose command committed, answers the retry from the log and refuses another body', async () => {
    const before = await countEvents();
    recalls.length = 0;
    afterCommand = 'fail';
    expect((await post('lost-answer', { open: true })).status).toBe(500);
    afterCommand = 'answer';
    // Deciding again would refuse (the cafe is open now): the retry gets what the first call did.
    const retry = await post('lost-answer', { open: true });
    expect(retry.status).toBe(201);
    expect(recalls).toEqual(['u1:POST /api/shop:lost-answer']);
    expect(await countEvents()).toBe(before + 1);
    expect((await post('lost-answer', { open: false })).status).toBe(409);
  });

  it('lets a key go after a 400, and its corrected body is decided afresh', async () => {
    recalls.length = 0;
    expect((await post('corrected', { open: 'yes' })).status).toBe(400);
    const corrected = await post('corrected', { open: false });
    expect(corrected.status).toBe(201);
    expect(recalls).toEqual([]);
  });
});
