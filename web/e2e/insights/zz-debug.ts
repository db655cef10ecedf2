import { startApp } from '../support/app.js';
import { newPhonePage, openBrowser } from '../support/browser.js';
import { setShop, signInWithTokens } from '../support/customer.js';
import { barista, menuIds, placeOrder, recordAlertChannels, uploadTumbler } from './insights-support.js';

const app = await startApp({ FAKE_NOW: '2025-06-11T03:00:00.000Z' });
const browser = await openBrowser();
try {
  const staff = (await app.login('barista@woxa.tech', 'password123')).accessToken;
  await setShop(app, staff, 'cafe-open');
  const menus = await menuIds(app, staff);
  const page = await newPhonePage(browser);
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  if (process.argv[2] === 'clock') { await recordAlertChannels(page); await page.clock.install(); }
  const user = await signInWithTokens(page, app, 'user@woxa.tech', '/statusOrder');
  const photo = await uploadTumbler(app, user);
  const o = await placeOrder(app, user, menus.Americano!.id, photo);
  await barista(app, staff, o.id, 'rejected', 'Ingredient Unavailable');
  console.log(JSON.stringify((await app.api(user, 'GET', `/order/${o.id}/alternatives`)).body).slice(0, 300));
  console.log(JSON.stringify((await app.api(user, 'GET', `/order/${o.id}/timeline`)).body).slice(0, 500));
  await page.goto(`${app.url}/statusOrder`);
  await new Promise((r) => setTimeout(r, 4000));
  await page.screenshot({ path: '/tmp/insdbg/a.png' });
  console.log((await page.locator('body').innerText()).slice(0, 1500));
} finally {
  await browser.close();
  await app.stop();
}
