import { randomUUID } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
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

type DocumentedAnswer = { content?: Record<string, { schema: object }> };
type ServedDocument = { paths: Record<string, Record<string, { responses: Record<string, DocumentedAnswer> }>> };
const documents = new WeakMap<{ url: string }, Promise<ServedDocument>>();
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

/**
 * Where the server's answer to one call departs from the OpenAPI document it serves (GET /api/openapi.json), which
 * clients are generated from: a status the document does not list for that operation, another content type, or
 * a body its schema refuses. `operation` is the document's path without /api and its method, as
 * `GET /order/{id}`. Empty when they agree.
 */
export async function offTheDocument(
  server: { url: string },
  operation: string,
  res: { status: number; body: unknown; headers: Headers },
): Promise<string[]> {
  if (!documents.has(server))
    documents.set(
      server,
      fetch(`${server.url}/api/openapi.json`).then((r) => r.json() as Promise<ServedDocument>),
    );
  const [method = '', path = ''] = operation.split(' ');
  const documented = (await documents.get(server)!).paths[`/api${path}`]?.[method.toLowerCase()];
  if (!documented) return [`${operation} is not in the document`];
  const answer = documented.responses[String(res.status)];
  if (!answer) return [`${operation} answered ${res.status}, which the document does not list`];
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const schema = answer.content?.[type]?.schema;
  if (!schema)
    return [`${operation} answered ${res.status} as ${type}; the document: ${Object.keys(answer.content ?? {})}`];
  const check = ajv.compile(schema);
  return check(res.body) ? [] : [`${operation} ${res.status}: ${ajv.errorsText(check.errors)}`];
}
