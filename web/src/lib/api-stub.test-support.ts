import { vi } from 'vitest';

/** The server's configuration as a stubbed API answers it: Bangkok, by a server clock reading 03:30 on 27 November there. */
export const STUB_CONFIG = {
  companyEmailDomain: 'woxa.tech',
  businessTimeZone: 'Asia/Bangkok',
  officeCheck: false,
  now: '2026-11-26T20:30:00Z',
};

/** Stubs fetch: /config answers STUB_CONFIG, any other URL `answer(url)`, as JSON. Returns the URLs asked, in order. */
export function stubApi(answer: (url: string) => unknown): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const body = url.endsWith('/config') ? STUB_CONFIG : answer(url);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return asked;
}
