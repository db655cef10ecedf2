import type { Context } from 'koa';

/**
 * Lists answer one page (contracts' `limit`, capped, and `offset`). A full page may have more behind it:
 * `Link: <…?offset=…>; rel="next"` says where, with the rest of the query as asked.
 */
export function linkNextPage(ctx: Context, page: { limit: number; offset: number }, returned: number): void {
  if (returned < page.limit) return;
  const query = new URLSearchParams(ctx.querystring);
  query.set('offset', String(page.offset + page.limit));
  query.set('limit', String(page.limit));
  ctx.set('Link', `<${ctx.path}?${query.toString()}>; rel="next"`);
}
