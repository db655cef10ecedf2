import type { Category, Menu } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { staffTokens } from './fixtures.js';

describe('catalog and shop status over HTTP', () => {
  let app: TestServer;
  let staff: { barista: string; admin: string };
  beforeAll(async () => {
    app = await startTestServer();
    staff = await staffTokens(app);
  });
  afterAll(() => app.close());

  const shop = (status: string, token = staff.barista) => app.call('PATCH', `/cafe-status/${status}`, { token });

  it('GET /cafe-status is public and PATCH moves between the three states', async () => {
    expect((await app.call('GET', '/cafe-status')).body).toEqual({ isCafeOpen: true, isBarOpen: false });
    expect((await shop('bar-open')).body).toEqual({ isCafeOpen: false, isBarOpen: true });
    expect((await shop('all-close')).body).toEqual({ isCafeOpen: false, isBarOpen: false });
    expect((await shop('half-open')).status).toBe(400);
    const u = await app.newUser();
    expect((await shop('cafe-open', u.token)).status).toBe(403);
    expect((await app.call('PATCH', '/cafe-status/cafe-open')).status).toBe(401);
  });

  it('creates a category (201) and a menu (201, active, available, empty description becomes -)', async () => {
    const cat = await app.call<Category>('POST', '/category', {
      token: staff.barista,
      body: { name: 'Smoothie', categoryFor: 'cafe' },
    });
    expect(cat.status).toBe(201);
    expect(cat.body).toMatchObject({ name: 'Smoothie', categoryFor: 'cafe', isAvailable: 'available', menu: [] });
    const menu = await app.call<Menu>('POST', '/menu', {
      token: staff.barista,
      body: { name: 'Mango Smoothie', description: '', category_id: cat.body.id },
    });
    expect(menu.status).toBe(201);
    expect(menu.body).toEqual({
      id: expect.any(String),
      name: 'Mango Smoothie',
      description: '-',
      category_id: cat.body.id,
      isActive: 'active',
      isAvailable: 'available',
    });
    const one = await app.call<Category>('GET', `/category/${cat.body.id}`, { token: staff.admin });
    expect(one.body.menu.map((m) => m.name)).toEqual(['Mango Smoothie']);
  });

  it('refuses a menu without a description (400, in plain words) and creates nothing', async () => {
    const cat = await app.call<Category>('POST', '/category', {
      token: staff.barista,
      body: { name: 'Juice', categoryFor: 'cafe' },
    });
    const missing = await app.call<{ detail: string }>('POST', '/menu', {
      token: staff.barista,
      body: { name: 'Apple Juice', category_id: cat.body.id },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('description: Required.');
    const mistyped = await app.call<{ detail: string }>('POST', '/menu', {
      token: staff.barista,
      body: { name: 'Apple Juice', description: 5, category_id: cat.body.id },
    });
    expect(mistyped.body.detail).toBe('description: Expected text.');
    const one = await app.call<Category>('GET', `/category/${cat.body.id}`, { token: staff.admin });
    expect(one.body.menu).toEqual([]);
  });

  it('validates names with the spec messages', async () => {
    const cases: [unknown, string][] = [
      ['', 'Input must not be null.'],
      [null, 'Input must not be null.'],
      [undefined, 'Input must not be null.'],
      [123, 'Input must be text.'],
      [' Leading', 'Input must not start with a space.'],
      ['Latte 2', 'Input must contain only letters.'],
      ['ชา๑๒๓', 'Input must contain only letters.'],
      ['ชา ฿', 'Input must contain only letters.'],
      ['A'.repeat(26), 'Input must be at most 25 characters.'],
    ];
    for (const [name, message] of cases) {
      const res = await app.call('POST', '/category', { token: staff.barista, body: { name, categoryFor: 'bar' } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toBe(message);
    }
    expect(
      (
        await app.call('POST', '/category', {
          token: staff.barista,
          body: { name: 'ชาเย็น ไม่ใส่น้ำแข็ง', categoryFor: 'cafe' },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await app.call('POST', '/menu', {
          token: staff.barista,
          body: { name: 'Okay', description: 'd'.repeat(51), category_id: 'x' },
        })
      ).status,
    ).toBe(400);
  });

  it('renames and removes only while the shop is fully closed; the active switch and the description any time', async () => {
    const cat = (
      await app.call<Category>('POST', '/category', {
        token: staff.barista,
        body: { name: 'Juice', categoryFor: 'cafe' },
      })
    ).body;
    const menu = (
      await app.call<Menu>('POST', '/menu', {
        token: staff.barista,
        body: { name: 'Orange', description: '', category_id: cat.id },
      })
    ).body;
    await shop('cafe-open');
    const rename = await app.call('PATCH', `/menu/${menu.id}`, {
      token: staff.barista,
      body: { name: 'Blood Orange' },
    });
    expect(rename.status).toBe(409);
    expect(rename.body.code).toBe('SHOP_OPEN');
    expect((await app.call('PATCH', `/category/${cat.id}/unavailable`, { token: staff.barista })).body.code).toBe(
      'SHOP_OPEN',
    );
    const described = await app.call<Menu>('PATCH', `/menu/${menu.id}`, {
      token: staff.barista,
      body: { description: 'Squeezed this morning' },
    });
    expect(described.status).toBe(200);
    expect(described.body.description).toBe('Squeezed this morning');
    const inactive = await app.call<Menu>('PATCH', `/menu/${menu.id}`, {
      token: staff.barista,
      body: { isActive: 'inactive' },
    });
    expect(inactive.body.isActive).toBe('inactive');
    await shop('all-close');
    expect(
      (await app.call<Menu>('PATCH', `/menu/${menu.id}`, { token: staff.barista, body: { name: 'Blood Orange' } })).body
        .name,
    ).toBe('Blood Orange');
    expect(
      (
        await app.call<Menu>('PATCH', `/menu/${menu.id}`, {
          token: staff.barista,
          body: { isAvailable: 'unavailable' },
        })
      ).body.isAvailable,
    ).toBe('unavailable');
    const removed = await app.call<Category>('PATCH', `/category/${cat.id}/unavailable`, { token: staff.barista });
    expect(removed.body.isAvailable).toBe('unavailable');
    const renamedCat = await app.call<Category>('PATCH', `/category/${cat.id}`, {
      token: staff.barista,
      body: { name: 'Fresh Juice', categoryFor: 'bar', isAvailable: 'available' },
    });
    expect(renamedCat.body).toMatchObject({ name: 'Fresh Juice', categoryFor: 'bar', isAvailable: 'available' });
    await shop('cafe-open');
  });

  it('moves a menu to another category by its category_id while the shop is closed', async () => {
    const category = (name: string) =>
      app.call<Category>('POST', '/category', { token: staff.barista, body: { name, categoryFor: 'bar' } });
    const [from, to] = [(await category('Soda')).body, (await category('Tonic')).body];
    const menu = (
      await app.call<Menu>('POST', '/menu', {
        token: staff.barista,
        body: { name: 'Ginger', description: '', category_id: from.id },
      })
    ).body;
    await shop('all-close');
    const moved = await app.call<Menu>('PATCH', `/menu/${menu.id}`, {
      token: staff.barista,
      body: { category_id: to.id },
    });
    expect(moved.body).toMatchObject({ name: 'Ginger', category_id: to.id });
    expect((await app.call<Category>('GET', `/category/${to.id}`, { token: staff.admin })).body.menu).toHaveLength(1);
    await shop('cafe-open');
  });

  it('answers 404 for unknown ids and 403 for users', async () => {
    const u = await app.newUser();
    expect((await app.call('GET', '/category/nope', { token: u.token })).status).toBe(404);
    expect(
      (await app.call('PATCH', '/menu/nope', { token: staff.barista, body: { isActive: 'inactive' } })).status,
    ).toBe(404);
    expect(
      (await app.call('POST', '/category', { token: u.token, body: { name: 'Nope', categoryFor: 'cafe' } })).status,
    ).toBe(403);
    expect((await app.call('POST', '/menu', { token: u.token, body: { name: 'Nope', category_id: 'x' } })).status).toBe(
      403,
    );
  });
});
