import { describe, expect, it } from 'vitest';
import { guardDecision, homePath, landingPath } from './access.js';

const both = { isCafeOpen: true, isBarOpen: true };
const cafe = { isCafeOpen: true, isBarOpen: false };
const bar = { isCafeOpen: false, isBarOpen: true };
const none = { isCafeOpen: false, isBarOpen: false };

describe('guardDecision', () => {
  it('waits for initialisation, sends strangers to login and wrong roles to unauthorized', () => {
    expect(guardDecision(['user'], null, false)).toBe('loading');
    expect(guardDecision(['user'], null, true)).toBe('login');
    expect(guardDecision(['user'], { role: 'barista' }, true)).toBe('unauthorized');
    expect(guardDecision(['user', 'admin'], { role: 'admin' }, true)).toBe('allow');
    expect(guardDecision('any', { role: 'barista' }, true)).toBe('allow');
  });
});

describe('landingPath', () => {
  it('lands admins by the open state, the bar winning', () => {
    expect(landingPath('admin', bar)).toBe('/order_bar');
    expect(landingPath('admin', both)).toBe('/order_bar');
    expect(landingPath('admin', cafe)).toBe('/menuCafe-admin');
    expect(landingPath('admin', none)).toBe('/close-all-admin');
  });
  it('lands users on the cafe when it is open, the orders page after login', () => {
    expect(landingPath('user', bar)).toBe('/order_bar');
    expect(landingPath('user', cafe)).toBe('/menuCafe');
    expect(landingPath('user', both)).toBe('/menuCafe');
    expect(landingPath('user', cafe, { afterLogin: true })).toBe('/statusOrder');
    expect(landingPath('user', none)).toBe('/close-all');
  });
  it('always lands baristas on the board', () => {
    expect(landingPath('barista', none)).toBe('/ordering');
  });
  it("gives each role's home for the error page", () => {
    expect(homePath('admin')).toBe('/statusOrder-admin');
    expect(homePath('user')).toBe('/statusOrder');
    expect(homePath('barista')).toBe('/ordering');
  });
});
