import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId } from './new-id.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes random version-4 UUIDs where crypto.randomUUID is missing (an insecure http:// page)', () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    expect(typeof crypto.randomUUID).toBe('undefined');
    const ids = Array.from({ length: 1000 }, newId);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(1000);
  });

  it("uses the browser's own where it has one", () => {
    vi.stubGlobal('crypto', { ...globalThis.crypto, randomUUID: () => '00000000-0000-4000-8000-000000000000' });
    expect(newId()).toBe('00000000-0000-4000-8000-000000000000');
  });
});
