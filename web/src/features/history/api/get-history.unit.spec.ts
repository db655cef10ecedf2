import type { Order } from '@drinks/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getHistory } from './get-history.js';

const RANGE = { startDate: '2025-05-26', endDate: '2025-06-02' };

afterEach(() => vi.unstubAllGlobals());

describe('getHistory', () => {
  describe('when a status has more rows than the server answers at once', () => {
    it('follows the Link rel="next" pages until there is none and lists every row', async () => {
      const next = '/api/order/history/user?status=done&startDate=2025-05-26&endDate=2025-06-02&offset=2&limit=2';
      const server = fakeServer({
        done: [{ rows: [order('d3'), order('d2')], link: `<${next}>; rel="next"` }, { rows: [order('d1')] }],
        picked: [{ rows: [order('p1')] }],
      });
      vi.stubGlobal('fetch', server.fetch);

      const history = await getHistory(RANGE);

      expect(history.map((o) => o.id).sort()).toEqual(['d1', 'd2', 'd3', 'p1']);
      expect(server.asked).toHaveLength(5);
      expect(server.asked).toContain(next);
    });
  });

  describe('when every status fits in one answer', () => {
    it('asks once per status', async () => {
      const server = fakeServer({ done: [{ rows: [order('d1')] }] });
      vi.stubGlobal('fetch', server.fetch);

      expect((await getHistory(RANGE)).map((o) => o.id)).toEqual(['d1']);
      expect(server.asked.map((u) => new URL(u, 'http://x').searchParams.get('status')).sort()).toEqual([
        'cancel',
        'done',
        'picked',
        'rejected',
      ]);
    });
  });
});

interface Page {
  rows: Order[];
  link?: string;
}

/** Answers each status's pages in turn (offset 0 first, then the Link targets); a status not given has none. */
function fakeServer(pages: Partial<Record<Order['status'], Page[]>>) {
  const asked: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    asked.push(url);
    const q = new URL(url, 'http://x').searchParams;
    const page = pages[q.get('status') as Order['status']]?.[Number(q.get('offset') ?? 0) / 2] ?? { rows: [] };
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (page.link) headers.Link = page.link;
    return new Response(JSON.stringify(page.rows), { status: 200, headers });
  });
  return { asked, fetch };
}

function order(id: string): Order {
  return { id, status: 'done', updatedAt: `2025-05-31T10:00:00Z`, orderDate: '2025-05-31T09:00:00Z' } as Order;
}
