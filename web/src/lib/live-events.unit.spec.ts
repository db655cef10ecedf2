import { LiveMessage } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';
import { missedSomething, readLiveMessage } from './live-events.js';

describe('when a (re)connected live socket refetches what the screen shows', () => {
  it('always on the first hello of the page: the first fetch may predate the subscription', () => {
    expect(missedSomething(null, 0)).toBe(true);
    expect(missedSomething(null, 42)).toBe(true);
  });

  it('after a reconnection only if the log moved past what this page last heard of', () => {
    expect(missedSomething(42, 42)).toBe(false);
    expect(missedSomething(42, 45)).toBe(true);
    // Another server process, or a restarted one, counts differently: refetch rather than guess.
    expect(missedSomething(42, 0)).toBe(true);
  });
});

describe('when a live message arrives', () => {
  it('reads hello and ping as the contract does, without loading its schema first', async () => {
    for (const raw of [hello, { ...hello, data: { userId: 'u1', extra: 1 } }, ping]) {
      expect(await readLiveMessage(raw)).toEqual(LiveMessage.parse(raw));
    }
  });

  it('checks a message carrying data against the contract', async () => {
    expect(await readLiveMessage(shop)).toEqual(shop);
    expect(await readLiveMessage({ ...shop, data: { isBarOpen: 'yes' } })).toBeNull();
  });

  it('drops what the contract refuses, hello and ping included', async () => {
    expect(await readLiveMessage({ ...hello, position: 1.5 })).toBeNull();
    expect(await readLiveMessage({ ...hello, data: {} })).toBeNull();
    expect(await readLiveMessage({ type: 'ping', position: 3 })).toBeNull();
    expect(await readLiveMessage(42)).toBeNull();
  });
});

const hello = { type: 'hello', position: 7, data: { userId: 'u1' } };
const ping = { type: 'ping', position: 8, data: {} };
const shop = { type: 'shop', position: 9, data: { isBarOpen: true, isCafeOpen: false } };
