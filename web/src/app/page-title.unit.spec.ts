import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title.js';

describe('the page title', () => {
  it("names the screen before the app, for each role's address of it", () => {
    expect(pageTitle('/statusOrder')).toBe('My orders · Woxa Cafe');
    expect(pageTitle('/statusOrder-admin')).toBe('My orders · Woxa Cafe');
    expect(pageTitle('/form/Latte/abc')).toBe('Order · Woxa Cafe');
    expect(pageTitle('/dashboard-service')).toBe('Service · Woxa Cafe');
    expect(pageTitle('/dashboard-admin-bar')).toBe('Dashboard · Woxa Cafe');
    expect(pageTitle('/menuManagement/Coffee/1')).toBe('Menu Management · Woxa Cafe');
    expect(pageTitle('/')).toBe('Woxa Cafe');
  });
});
