import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeyedSender } from './keyed-command.js';

/** A server keeping the first answer per Idempotency-Key, behind a network that loses the first `lose` answers. */
function fakeServer(lose: number, status = 201) {
  const created: string[] = [];
  const keys: (string | null)[] = [];
  const answers = new Map<string, string>();
  let lost = 0;
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const key = new Headers(init.headers).get('Idempotency-Key');
    keys.push(key);
    let id = key ? answers.get(key) : undefined;
    if (!id && status === 201) {
      id = `c-${created.length + 1}`;
      created.push(id);
      if (key) answers.set(key, id);
    }
    if (lost++ < lose) throw new TypeError('Failed to fetch');
    const body = status === 201 ? { id } : { code: 'SHOP_OPEN', detail: 'Close the shop first.' };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { created, keys, fetch };
}

afterEach(() => vi.unstubAllGlobals());

describe('createKeyedSender', () => {
  const noWait = { attempts: 2, wait: async () => undefined };
  let n = 0;
  const newKey = () => `k-${++n}`;

  it('given a create whose answers were lost, when Save is tapped again with the same body, then one is created', async () => {
    const server = fakeServer(2);
    vi.stubGlobal('fetch', server.fetch);
    const send = createKeyedSender<{ id: string }>('/category', noWait, newKey);
    const body = { name: 'Smoothie', categoryFor: 'cafe' };
    await expect(send(body)).rejects.toBeInstanceOf(TypeError);
    const again = await send({ ...body });
    expect(new Set(server.keys).size).toBe(1);
    expect(server.created).toEqual(['c-1']);
    expect(again.id).toBe('c-1');
  });

  it('given an answered create, when the next is sent, then it has a key of its own', async () => {
    const server = fakeServer(0);
    vi.stubGlobal('fetch', server.fetch);
    const send = createKeyedSender<{ id: string }>('/category', noWait, newKey);
    await send({ name: 'Tea' });
    await send({ name: 'Tea' });
    expect(new Set(server.keys).size).toBe(2);
  });

  it('given a refusal, when the same body is sent again, then it is decided afresh under a new key', async () => {
    const server = fakeServer(0, 409);
    vi.stubGlobal('fetch', server.fetch);
    const send = createKeyedSender<{ id: string }>('/menu', noWait, newKey);
    await expect(send({ name: 'Latte' })).rejects.toMatchObject({ status: 409 });
    await expect(send({ name: 'Latte' })).rejects.toMatchObject({ status: 409 });
    expect(new Set(server.keys).size).toBe(2);
  });

  it('given a lost answer, when another body is sent, then it gets a new key (the server refuses a key with another body)', async () => {
    const server = fakeServer(2);
    vi.stubGlobal('fetch', server.fetch);
    const send = createKeyedSender<{ id: string }>('/menu', noWait, newKey);
    await expect(send({ name: 'Latte' })).rejects.toBeInstanceOf(TypeError);
    await send({ name: 'Latte Art' });
    expect(new Set(server.keys).size).toBe(2);
  });
});
