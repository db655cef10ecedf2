import type { Category, Menu } from '@drinks/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.js';
import {
  PHONE_SIZES,
  WIDE_NAME,
  expectNoSeriousA11yViolations,
  newDesktopPage,
  newPhonePage,
  openBrowser,
  pageWidth,
  screenshot,
  serviceUnavailable,
} from '../support/browser.js';
import { setShop, signInWithTokens, takeAlert } from '../support/customer.js';
import { catalog } from './staff-support.js';

let app: RunningApp;
let browser: Browser;
let barista: string;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), openBrowser()]);
  barista = (await app.login('barista@woxa.tech', 'password123')).accessToken;
  page = await newPhonePage(browser);
  await signInWithTokens(page, app, 'barista@woxa.tech', '/menuManagement');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const THAI_ALERT = 'กรุณาตอบคำถามทั้งสองข้อ';
const byName = async (name: string): Promise<Category | undefined> =>
  (await catalog(app, barista)).find((c) => c.name === name);
const menuOf = async (category: string, name: string): Promise<Menu | undefined> =>
  (await byName(category))?.menu.find((m) => m.name === name);

/** A cafe category named `category` with one menu in it, made through the API. */
async function menuInNewCategory(category: string, menu: { name: string; description: string }) {
  const cat = await app.api<Category>(barista, 'POST', '/category', { name: category, categoryFor: 'cafe' });
  return { cat, menu: await app.api<Menu>(barista, 'POST', '/menu', { ...menu, category_id: cat.body.id }) };
}

async function expectNameMessages(label: string) {
  const name = page.getByRole('textbox', { name: label });
  const cases: [string, string][] = [
    [' Syrup', 'Input must not start with a space.'],
    ['Syrup1', 'Input must contain only letters.'],
    ['a'.repeat(26), 'Input must be at most 25 characters.'],
    ['', 'Input must not be null.'],
  ];
  for (const [value, message] of cases) {
    await name.fill(value);
    await page.getByText(message).waitFor();
  }
}

describe('menu management while the shop is open', () => {
  it('lists the available categories with their area, without the cog, and toggles a menu active at once', async () => {
    await page.getByRole('link', { name: /^Coffee/ }).waitFor();
    expect(await page.getByTestId('category-row').count()).toBe(4);
    expect(await page.getByRole('link', { name: /^Friday Bar/ }).innerText()).toContain('bar');
    expect(await page.getByRole('link', { name: /^Edit category/ }).count()).toBe(0);
    await screenshot(page, 'staff-menu-management-open-phone');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: /^Coffee/ }).click();
    await page.waitForURL(/\/menuManagement\/Coffee\//);
    const americano = page.getByRole('switch', { name: 'Americano active' });
    await americano.uncheck();
    await page.getByTestId('menu-row').filter({ hasText: 'Americano' }).getByText('Inactive').waitFor();
    // The row says Inactive as soon as the switch moves; the server has it once the call answers.
    await expect.poll(async () => (await menuOf('Coffee', 'Americano'))?.isActive).toBe('inactive');
    expect(await page.getByRole('link', { name: 'Edit Americano' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Americano' }).count()).toBe(0);
    await screenshot(page, 'staff-category-menus-open-phone');
    await americano.check();
    await expect.poll(async () => (await menuOf('Coffee', 'Americano'))?.isActive).toBe('active');
    await page.getByRole('link', { name: 'Menu Management' }).last().click();
    await page.waitForURL(`${app.url}/menuManagement`);
  });
});

describe('editing by a kept link while the shop is open', () => {
  it('says up front what waits for a closed shop, and lets a menu change what does not', async () => {
    const coffee = (await byName('Coffee'))!;
    await page.goto(`${app.url}/edit-category/${coffee.id}`);
    await page.getByText('Close the cafe and the bar to edit categories.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Category name' }).isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Cafe' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete Category' }).isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    const latte = coffee.menu.find((m) => m.name === 'Latte')!;
    await page.goto(`${app.url}/edit-menu/${latte.id}`);
    await page
      .getByText('While the cafe or the bar is open, only the description and the status can change.', { exact: false })
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Menu name' }).isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Category' }).getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'staff-edit-menu-open-phone');
    await expectNoSeriousA11yViolations(page);
    const description = page.getByRole('textbox', { name: 'Description' });
    expect(await description.isDisabled()).toBe(false);
    await description.fill('Espresso with a lot of steamed milk');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await menuOf('Coffee', 'Latte'))?.description)
      .toBe('Espresso with a lot of steamed milk');
    await app.api(barista, 'PATCH', `/menu/${latte.id}`, { description: latte.description });
    await page.goto(`${app.url}/menuManagement`);
  });
});

describe('menu management with the cafe and bar closed', () => {
  beforeAll(async () => {
    await setShop(app, barista, 'all-close');
    await page.goto(`${app.url}/menuManagement`);
  });

  it('marks the inactive menus of a category, whose switches only show while the shop is open', async () => {
    const coffee = await byName('Coffee');
    const espresso = coffee!.menu.find((m) => m.name === 'Espresso')!;
    const patch = (isActive: string) => app.api(barista, 'PATCH', `/menu/${espresso.id}`, { isActive });
    await patch('inactive');
    await page.goto(`${app.url}/menuManagement`);
    await page.getByRole('link', { name: /^Coffee/ }).click();
    await page.getByRole('link', { name: 'Edit Espresso' }).waitFor();
    expect(await page.getByTestId('menu-row').filter({ hasText: 'Espresso' }).getByText('Inactive').count()).toBe(1);
    expect(await page.getByTestId('menu-row').filter({ hasText: 'Latte' }).first().getByText('Inactive').count()).toBe(
      0,
    );
    await patch('active');
    await page.goto(`${app.url}/menuManagement`);
  });

  it('offers nothing to add to a category that is not there', async () => {
    await page.goto(`${app.url}/menuManagement/Nothing/0b6f2c1e-5d2a-4c1b-9a7e-3f8d2e1c4b5a`);
    await page.getByText('No such category.').waitFor();
    expect(await page.getByRole('button', { name: 'New Menu' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Select', exact: true }).count()).toBe(0);
    await page.goto(`${app.url}/menuManagement`);
  });

  it('adds a category with every name message and the Thai alert, then returns to the list', async () => {
    await page.getByRole('link', { name: 'Add Category' }).click();
    await page.waitForURL(/\/add-category$/);
    await page.getByRole('button', { name: 'Save' }).click();
    // Marked as Thai, so a screen reader reads it with a Thai voice.
    expect(await page.getByRole('alertdialog').locator('[lang="th"]').innerText()).toBe(THAI_ALERT);
    expect(await takeAlert(page)).toBe(THAI_ALERT);
    await expectNameMessages('Category name');
    await page.getByRole('textbox', { name: 'Category name' }).fill('Syrups');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await takeAlert(page)).toBe(THAI_ALERT);
    await page.getByRole('radio', { name: 'Cafe' }).check();
    await screenshot(page, 'staff-add-category-phone');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${app.url}/menuManagement`);
    await page.getByRole('link', { name: /^Syrups/ }).waitFor();
    expect((await byName('Syrups'))?.categoryFor).toBe('cafe');
  });

  it('edits the category through its cog', async () => {
    await page.getByRole('link', { name: 'Edit category Syrups' }).click();
    await page.waitForURL(/\/edit-category\//);
    const name = page.getByRole('textbox', { name: 'Category name' });
    await name.waitFor({ timeout: 15_000 }).catch(async (err: unknown) => {
      throw new Error(`${String(err)}\n${await page.locator('body').innerText()}`);
    });
    await name.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await takeAlert(page)).toBe(THAI_ALERT);
    await name.fill('Sweet Syrups');
    await screenshot(page, 'staff-edit-category-phone');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${app.url}/menuManagement`);
    await page.getByRole('link', { name: /^Sweet Syrups/ }).waitFor();
    await screenshot(page, 'staff-menu-management-closed-phone');
  });

  it('adds, edits and deletes menus of the category, one at a time and in Select mode', async () => {
    await page.getByRole('link', { name: /^Sweet Syrups/ }).click();
    await page.getByText('There is no menu in this category yet.').waitFor();
    await page.getByRole('button', { name: 'New Menu' }).click();
    await page.waitForURL(/\/add-menu\//);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Sweet Syrups (cafe)' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await takeAlert(page)).toBe('Make sure that you input name and select category for this menu');
    await expectNameMessages('Menu name');
    await page.getByRole('textbox', { name: 'Menu name' }).fill('Vanilla');
    await page.getByRole('textbox', { name: 'Description' }).fill('x'.repeat(51));
    await page.getByText('Description must be at most 50 characters.').waitFor();
    await page.getByRole('textbox', { name: 'Description' }).fill('');
    await screenshot(page, 'staff-add-menu-phone');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('menu-row').filter({ hasText: 'Vanilla' }).waitFor();
    expect((await menuOf('Sweet Syrups', 'Vanilla'))?.description).toBe('-');
    // The saved form is not in the history, nor a second copy of the list it came from: Back leaves the list.
    await page.goBack();
    await page.waitForURL(`${app.url}/menuManagement`);
    await page.getByRole('link', { name: /^Sweet Syrups/ }).waitFor();
    expect(await page.getByRole('link', { name: /^Sweet Syrups/ }).innerText()).toMatch(/\b1 menu\b(?!s)/);
    await page.getByRole('link', { name: /^Sweet Syrups/ }).click();

    await page.getByRole('link', { name: 'Edit Vanilla' }).click();
    await page.waitForURL(/\/edit-menu\//);
    await page.getByRole('textbox', { name: 'Menu name' }).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await takeAlert(page)).toBe(THAI_ALERT);
    await page.getByRole('textbox', { name: 'Menu name' }).fill('Vanilla Syrup');
    await page.getByRole('textbox', { name: 'Description' }).fill('Sweet and smooth');
    await screenshot(page, 'staff-edit-menu-phone');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('menu-row').filter({ hasText: 'Vanilla Syrup' }).waitFor();
    expect((await menuOf('Sweet Syrups', 'Vanilla Syrup'))?.description).toBe('Sweet and smooth');
    await page.goBack();
    await page.waitForURL(`${app.url}/menuManagement`);
    expect(await page.getByRole('textbox', { name: 'Menu name' }).count()).toBe(0);
    await page.getByRole('link', { name: /^Sweet Syrups/ }).click();
    await page.getByTestId('menu-row').filter({ hasText: 'Vanilla Syrup' }).waitFor();

    await page.getByRole('button', { name: 'Delete Vanilla Syrup' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete menu?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('menu-row').count()).toBe(1);
    await page.getByRole('button', { name: 'Delete Vanilla Syrup' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('There is no menu in this category yet.').waitFor();
    // Its row is gone with the focused Delete: the keyboard goes on from New Menu, not from the page's top.
    await page.waitForFunction(() => document.activeElement?.textContent === 'New Menu', null, { timeout: 5_000 });
    expect((await menuOf('Sweet Syrups', 'Vanilla Syrup'))?.isAvailable).toBe('unavailable');

    const id = (await byName('Sweet Syrups'))!.id;
    for (const name of ['Caramel', 'Hazelnut']) {
      expect((await app.api(barista, 'POST', '/menu', { name, description: '', category_id: id })).status).toBe(201);
    }
    await page.reload();
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select Caramel' }).check();
    await page.getByRole('checkbox', { name: 'Select Hazelnut' }).check();
    await screenshot(page, 'staff-category-menus-select-phone');
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    await page.getByRole('dialog', { name: 'Delete 2 menus?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('There is no menu in this category yet.').waitFor();
    expect((await byName('Sweet Syrups'))!.menu.every((m) => m.isAvailable === 'unavailable')).toBe(true);
  });

  it('deletes the category after a confirm dialog', async () => {
    const desktop = await newDesktopPage(browser);
    const id = (await byName('Sweet Syrups'))!.id;
    await signInWithTokens(desktop, app, 'barista@woxa.tech', `/edit-category/${id}`);
    await desktop.getByRole('button', { name: 'Delete Category' }).click();
    await desktop.getByRole('dialog', { name: 'Delete category?' }).getByRole('button', { name: 'Delete' }).click();
    await desktop.waitForURL(`${app.url}/menuManagement`);
    await desktop.getByRole('link', { name: /^Coffee/ }).waitFor();
    expect(await desktop.getByRole('link', { name: /^Sweet Syrups/ }).count()).toBe(0);
    expect((await byName('Sweet Syrups'))?.isAvailable).toBe('unavailable');
    await screenshot(desktop, 'staff-menu-management-desktop');
    await expectNoSeriousA11yViolations(desktop);
    await desktop.context().close();
  });

  it('asks for a category again on a menu whose category was removed', async () => {
    const { cat, menu } = await menuInNewCategory('Orphans', { name: 'Lonely', description: '' });
    expect((await app.api(barista, 'PATCH', `/category/${cat.body.id}/unavailable`)).status).toBe(200);
    await page.goto(`${app.url}/edit-menu/${menu.body.id}`);
    await page.getByRole('textbox', { name: 'Menu name' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await takeAlert(page)).toBe(THAI_ALERT);
  });

  it("saves only what was changed: a colleague's change to other fields since the form opened stays", async () => {
    const { menu } = await menuInNewCategory('Colleagues', { name: 'Latte Art', description: 'Foamy' });
    await page.goto(`${app.url}/edit-menu/${menu.body.id}`);
    const name = page.getByRole('textbox', { name: 'Menu name' });
    await expect.poll(() => name.inputValue()).toBe('Latte Art');
    const meanwhile = { description: 'Changed meanwhile', isActive: 'inactive' };
    expect((await app.api(barista, 'PATCH', `/menu/${menu.body.id}`, meanwhile)).status).toBe(200);
    await name.fill('Latte Foam');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('menu-row').filter({ hasText: 'Latte Foam' }).waitFor();
    expect(await menuOf('Colleagues', 'Latte Foam')).toMatchObject(meanwhile);
  });

  it('treats a deleted menu or category, opened by a link, as one that is not there', async () => {
    const cat = await app.api<Category>(barista, 'POST', '/category', { name: 'Ghosts', categoryFor: 'cafe' });
    const id = cat.body.id;
    const menu = await app.api<Menu>(barista, 'POST', '/menu', { name: 'Phantom', description: '', category_id: id });
    expect((await app.api(barista, 'PATCH', `/menu/${menu.body.id}`, { isAvailable: 'unavailable' })).status).toBe(200);
    const offersNothing = async () => {
      for (const name of ['Save', 'Delete Category', 'Select'])
        expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
      expect(await page.getByRole('button', { name: 'New Menu' }).count()).toBe(0);
      expect(await page.getByRole('combobox').count()).toBe(0);
    };

    await page.goto(`${app.url}/edit-menu/${menu.body.id}`);
    await page.getByText('This menu no longer exists.').waitFor();
    await offersNothing();

    expect((await app.api(barista, 'PATCH', `/category/${id}/unavailable`)).status).toBe(200);
    const unknown = '0b6f2c1e-5d2a-4c1b-9a7e-3f8d2e1c4b5a';
    for (const path of [
      `/edit-category/${id}`,
      `/menuManagement/Ghosts/${id}`,
      `/add-menu/${id}`,
      `/add-menu/${unknown}`,
    ]) {
      await page.goto(`${app.url}${path}`);
      await page.getByText('No such category.').waitFor();
      await offersNothing();
      if (path.startsWith('/add-menu/')) await screenshot(page, 'staff-add-menu-deleted-category-phone');
    }
    await page.goto(`${app.url}/menuManagement`);
  });

  it('says the menus could not be loaded, not that the menu or category is gone, when the catalog call fails', async () => {
    const { cat, menu } = await menuInNewCategory('Unread', { name: 'Hidden', description: '' });
    const cut = await newPhonePage(browser, undefined, { serviceWorkers: 'block' });
    await cut.route((url) => url.pathname === '/api/category', serviceUnavailable);
    try {
      for (const [path, gone] of [
        [`/edit-menu/${menu.body.id}`, 'This menu no longer exists.'],
        [`/add-menu/${cat.body.id}`, 'No such category.'],
      ] as const) {
        await signInWithTokens(cut, app, 'barista@woxa.tech', path);
        // The first call and its three retries (1, 2 and 4 s apart) fail.
        await cut.getByText('The menus could not be loaded. Try again later.').waitFor({ timeout: 20_000 });
        expect(await cut.getByText(gone).count(), path).toBe(0);
      }
    } finally {
      await cut.context().close();
    }
  });

  it("heads a category's page with a one-word name of 25 letters within a 390 and a 320 px phone", async () => {
    const { cat } = await menuInNewCategory(WIDE_NAME, { name: WIDE_NAME, description: '' });
    const phone = await newPhonePage(browser);
    try {
      await signInWithTokens(phone, app, 'barista@woxa.tech', `/menuManagement/${WIDE_NAME}/${cat.body.id}`);
      const heading = phone.getByRole('heading', { name: WIDE_NAME, level: 1 });
      for (const size of PHONE_SIZES) {
        await phone.setViewportSize(size);
        await phone.getByTestId('menu-row').waitFor();
        expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth), `at ${size.width}`).toBe(true);
        expect(await pageWidth(phone), `at ${size.width}`).toBeLessThanOrEqual(size.width);
        await screenshot(phone, `staff-category-menus-long-name-${size.width}`);
      }
    } finally {
      await phone.context().close();
    }
  });
});
