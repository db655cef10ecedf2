import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Category, Order } from '@drinks/contracts';
import type { Page } from 'playwright-core';
import type { RunningApp } from '../support/app.js';
import { NEW_ACCOUNT_PASSWORD as PASSWORD } from '../support/customer.js';

/** A Wednesday, 10:00 in Bangkok: the cafe may open. */
export const T0 = '2025-06-11T03:00:00.000Z';
export const WAIT_MINUTES = 8;
export const later = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

export async function menuIds(
  app: RunningApp,
  token: string,
): Promise<Record<string, { id: string; category: string }>> {
  const r = await app.api<Category[]>(token, 'GET', '/category');
  const out: Record<string, { id: string; category: string }> = {};
  for (const c of r.body) for (const m of c.menu) out[m.name] = { id: m.id, category: c.name };
  return out;
}

export async function placeOrder(
  app: RunningApp,
  token: string,
  menuId: string,
  tumblerImage: string,
  extra: Record<string, unknown> = {},
): Promise<Order> {
  const r = await app.api<Order>(token, 'POST', '/order', {
    menu_id: menuId,
    type: 'cold',
    sweetness: 50,
    remark: '-',
    tumblerImage,
    ...extra,
  });
  if (r.status !== 200 && r.status !== 201) throw new Error(`place order: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function barista(
  app: RunningApp,
  token: string,
  id: string,
  status: 'in-progress' | 'done' | 'rejected',
  reject_note?: string,
) {
  const r = await app.api(token, 'PATCH', `/order/barista/${id}`, reject_note ? { status, reject_note } : { status });
  if (r.status !== 200) throw new Error(`barista ${status}: ${r.status} ${JSON.stringify(r.body)}`);
}

export async function registerAndLogin(app: RunningApp, name: string, email: string): Promise<string> {
  const r = await app.api(null, 'POST', '/auth/register', { name, email, password: PASSWORD });
  if (r.status !== 201) throw new Error(`register ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  await app.verifyEmail(email);
  return (await app.login(email, PASSWORD)).accessToken;
}

export async function uploadTumbler(app: RunningApp, token: string): Promise<string> {
  const jpg = await readFile(fileURLToPath(new URL('../fixtures/tumbler-small.jpg', import.meta.url)));
  const r = await app.api<{ url: string }>(token, 'POST', '/upload/image', {
    file: `data:image/jpeg;base64,${jpg.toString('base64')}`,
  });
  if (r.status !== 201) throw new Error(`upload: ${r.status}`);
  return r.body.url;
}

/** Records what the reminders do through the browser's channels (no real sound or system pop-ups in CI). */
export async function recordAlertChannels(page: Page): Promise<void> {
  // Plain script text: a bundled function could carry helpers the page does not have.
  await page.addInitScript({
    content: `(() => {
      const notes = [];
      const vibrations = [];
      let oscillators = 0;
      window.__alerts = { notes, vibrations, oscillators: () => oscillators };
      const FakeNotification = function (title, opts) { notes.push({ title, body: opts && opts.body }); };
      FakeNotification.permission = 'default';
      FakeNotification.requestPermission = async () => { FakeNotification.permission = 'granted'; return 'granted'; };
      window.Notification = FakeNotification;
      Object.defineProperty(navigator, 'vibrate', { value: (p) => { vibrations.push(p); return true; }, configurable: true });
      const create = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function () { oscillators += 1; return create.call(this); };
    })();`,
  });
}

export const alertCounts = (page: Page) =>
  page.evaluate(() => {
    const a = (
      window as unknown as {
        __alerts: { notes: { title: string }[]; vibrations: unknown[]; oscillators: () => number };
      }
    ).__alerts;
    return { notes: a.notes.map((n) => n.title), vibrations: a.vibrations.length, oscillators: a.oscillators() };
  });
