import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { type Category, type Order, ProblemDetails } from '@drinks/contracts';
import type { TestServer } from '../../test-support/server.js';

export async function jpegDataUrl(color = { r: 200, g: 120, b: 40 }): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

export async function staffTokens(app: TestServer) {
  const [barista, admin] = await Promise.all([app.login('barista@woxa.tech'), app.login('admin@woxa.tech')]);
  return { barista: barista.accessToken, admin: admin.accessToken };
}

export async function catalog(app: TestServer, token: string) {
  const res = await app.call<Category[]>('GET', '/category', { token });
  const cafe = res.body.find((c) => c.categoryFor === 'cafe')!;
  const bar = res.body.find((c) => c.categoryFor === 'bar')!;
  return { categories: res.body, cafeMenu: cafe.menu[0]!, cafeMenu2: cafe.menu[1]!, barMenu: bar.menu[0]!, cafe, bar };
}

export async function uploadImage(app: TestServer, token: string): Promise<string> {
  const res = await app.call<{ url: string }>('POST', '/upload/image', { token, body: { file: await jpegDataUrl() } });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.url;
}

export async function placeCafeOrder(
  app: TestServer,
  token: string,
  menuId: string,
  image: string,
  extra: Record<string, unknown> = {},
) {
  return app.call<Order>('POST', '/order', {
    token,
    body: { menu_id: menuId, type: 'hot', sweetness: 50, remark: '', tumblerImage: image, ...extra },
  });
}

/** A browser of this user subscribed to Web Push (an endpoint of a push service the server sends to). */
export async function subscribeDevice(app: TestServer, token: string): Promise<void> {
  const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
  const keys = {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  };
  const res = await app.call('POST', '/push/subscriptions', { token, body: { endpoint, keys } });
  if (res.status !== 204) throw new Error(`subscribe: ${res.status} ${JSON.stringify(res.body)}`);
}

/** How many push devices the server keeps for a user. */
export async function devicesOf(app: TestServer, userId: string): Promise<number> {
  const [row] = await app.db.knex('push_subscriptions').where({ user_id: userId }).count({ n: '*' });
  return Number(row?.n);
}

/** The problem+json body of a refused call; throws when the body is not one. */
export function problem(res: { body: unknown }): ProblemDetails {
  return ProblemDetails.parse(res.body);
}

/** The statuses the served OpenAPI document lists for a call (`path` under /api, as in the document). */
export async function documentedStatuses(app: TestServer, method: string, path: string): Promise<string[]> {
  type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  const doc = await app.call<Doc>('GET', '/openapi.json');
  return Object.keys(doc.body.paths[`/api${path}`]![method.toLowerCase()]!.responses);
}
