import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptRestoredClock, fetchConfig, formatBusinessTimeOn, serverNow, serverTimeOf } from './config.js';
import { queryKeys } from './query-keys.js';

describe('the server clock of a configuration restored from storage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs on from what the server said when the configuration was fetched, not from the browser clock', () => {
    vi.useFakeTimers();
    // Fetched on Friday 10:50 (browser) while the server said Thursday 10:50; reopened offline five minutes later.
    const fetchedAt = Date.parse('2026-11-27T03:50:00.000Z');
    const client = new QueryClient();
    client.setQueryData(
      queryKeys.config,
      {
        companyEmailDomain: 'woxa.tech',
        businessTimeZone: 'Asia/Bangkok',
        officeCheck: false,
        now: '2026-11-26T03:50:00.000Z',
      },
      { updatedAt: fetchedAt },
    );
    vi.setSystemTime(fetchedAt + 5 * 60_000);
    adoptRestoredClock(client);
    expect(serverNow().toISOString()).toBe('2026-11-26T03:55:00.000Z');
    // The orders fetched at that moment were, by the server's clock, last known as of Thursday 10:50.
    expect(serverTimeOf(fetchedAt).toISOString()).toBe('2026-11-26T03:50:00.000Z');
  });
});

describe('the server clock of a configuration the page preloaded', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is set from when the answer arrived, not from when the app read it', async () => {
    vi.useFakeTimers();
    // The answer (server: 10:50:00) arrived 0.3 s into the page's life; the app read it 2 s later.
    const origin = Date.parse('2026-11-27T03:49:59.000Z');
    vi.setSystemTime(origin + 2_300);
    const answer = {
      companyEmailDomain: 'woxa.tech',
      businessTimeZone: 'Asia/Bangkok',
      officeCheck: false,
      now: '2026-11-27T03:50:00.000Z',
    };
    vi.stubGlobal('location', new URL('https://cafe.example/statusOrder'));
    const preload = { startTime: 50, responseStart: 300, initiatorType: 'link' };
    vi.stubGlobal('performance', {
      timeOrigin: origin,
      now: () => Date.now() - origin,
      getEntriesByName: (name: string) => (name === 'https://cafe.example/api/config' ? [preload] : []),
    });
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answer), { status: 200 }));
    await fetchConfig();
    // By the server's clock it is now 2 s after its answer, whatever the browser's clock says.
    expect(serverNow().toISOString()).toBe('2026-11-27T03:50:02.000Z');
    // An hour later the configuration is asked again; its own timing not (yet) listed, the preload's is
    // not taken for it: the clock is set from when the answer was read, not an hour ahead.
    vi.setSystemTime(origin + 2_300 + 3_600_000);
    answer.now = '2026-11-27T04:50:02.000Z';
    await fetchConfig();
    expect(serverNow().toISOString()).toBe('2026-11-27T04:50:02.000Z');
  });
});

describe('a time shown beside its day', () => {
  it("adds the date to another day's time", () => {
    // 10:00 on 2 June in Bangkok; 23:45 on 31 May there.
    expect(formatBusinessTimeOn('2025-06-02T03:00:00.000Z', '2025-06-02', 'Asia/Bangkok')).toBe('10:00');
    expect(formatBusinessTimeOn('2025-05-31T16:45:00.000Z', '2025-06-02', 'Asia/Bangkok')).toBe('31 May 23:45');
  });
});
