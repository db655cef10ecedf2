import { LiveMessage } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';
import { missedSomething, readLiveMessage } from './live-events.js';

describe('when a (re)connected live socket refetches what the screen shows', () => {
  const covered = () => true;
  const short = () => false;

  it('on the first hello of the page, only if the answers read so far fall short of its position', () => {
    expect(missedSomething(null, 42, short)).toBe(true);
    expect(missedSomething(null, 42, covered)).toBe(false);
  });

  it('after a reconnection only if the log moved past what this page last heard of', () => {
    expect(missedSomething(42, 42, short)).toBe(false);
    expect(missedSomething(42, 45, covered)).toBe(true);
    // Another server process, or a restarted one, counts differently: refetch rather than guess.
    expect(missedSomething(42, 0, covered)).toBe(true);
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
