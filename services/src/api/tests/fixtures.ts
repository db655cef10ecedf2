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

/** The problem+json body of a refused call; throws when the body is not one. */
export function problem(res: { body: unknown }): ProblemDetails {
  return ProblemDetails.parse(res.body);
}
