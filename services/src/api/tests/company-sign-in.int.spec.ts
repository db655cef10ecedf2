import type { ClientConfig, Tokens, User } from '@drinks/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcStandIn, startOidcProvider } from '../../../../scripts/stand-ins/oidc-provider.js';
import { type TestServer, startTestServer } from '../../test-support/server.js';
import { devicesOf, offTheDocument, problem, staffTokens, subscribeDevice } from './fixtures.js';

// Sign in with the company account against a real OpenID provider (oidc-provider) over HTTP. The test
// plays the browser: it follows each redirect by hand and keeps each site's cookies.

const APP_URL = 'https://drinks.example';
const CALLBACK = `${APP_URL}/api/auth/oidc/callback`;

/** The app's settings for signing in with this stand-in provider. */
function signInWith(provider: OidcStandIn) {
  return {
    APP_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  };
}

/** A browser's cookie jar, one per site, enough for these redirects. */
class Browser {
  private jar = new Map<string, Map<string, string>>();

  async go(url: string, init: RequestInit = {}): Promise<Response> {
    const { host } = new URL(url);
    const cookies = [...(this.jar.get(host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookies ? { cookie: cookies } : {}) },
    });
    const site = this.jar.get(host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const gone = attrs.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (gone) site.delete(name);
      else site.set(name, pair.slice(eq + 1).trim());
    }
    this.jar.set(host, site);
    return res;
  }

  cookie(url: string, name: string): string | undefined {
    return this.jar.get(new URL(url).host)?.get(name);
  }
}

type SignInOptions = { browser?: Browser; authorize?: (url: URL) => void; answer?: (url: URL) => void };

/**
 * Start → provider → its sign-in page (as `email`) → back to the app's callback. `tamper` rewrites the
 * provider's authorization URL or the answer before they are followed. Returns where the app sent the browser.
 */
async function signInAt(app: TestServer, provider: OidcStandIn, email: string, options: SignInOptions = {}) {
  const browser = options.browser ?? new Browser();
  const start = await browser.go(`${app.url}/api/auth/oidc/start`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  if (!authorize.href.startsWith(provider.issuer)) return { browser, location: authorize.href };
  options.authorize?.(authorize);
  let res = await browser.go(authorize.href);
  let location = new URL(res.headers.get('location')!, provider.issuer);
  expect(location.pathname).toMatch(/^\/interaction\//);
  res = await browser.go(location.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  });
  // The provider resumes the authorization and answers the app's redirect URI.
  while (res.status >= 300 && res.status < 400) {
    location = new URL(res.headers.get('location')!, provider.issuer);
    if (location.href.startsWith(CALLBACK)) break;
    res = await browser.go(location.href);
  }
  expect(location.href.startsWith(CALLBACK)).toBe(true);
  options.answer?.(location);
  const back = await browser.go(location.href.replace(APP_URL, app.url));
  expect(back.status).toBe(302);
  return { browser, location: back.headers.get('location')! };
}

describe('sign in with the company account, against a real OpenID provider', () => {
  let provider: OidcStandIn;
  let app: TestServer;

  beforeAll(async () => {
    provider = await startOidcProvider({
      redirectUris: [CALLBACK],
      accounts: {
        'outsider@woxa.tech': { email: 'outsider@gmail.example', email_verified: true },
        'other-workspace@woxa.tech': { hd: 'elsewhere.example' },
        'unverified@woxa.tech': { email_verified: false },
        'dao@woxa.tech': { name: 'Dao Pradit' },
        'chief@woxa.tech': { name: 'Chanida Chief' },
      },
    });
    app = await startTestServer({
      ...signInWith(provider),
      OIDC_NAME: 'Woxa Google',
      ADMIN_EMAILS: 'boss@woxa.tech,chief@woxa.tech',
    });
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  /** The app's callback URL on the running server (APP_URL names the public one the provider knows). */
  const local = (url: string) => url.replace(APP_URL, app.url);

  const signIn = (email: string, options?: SignInOptions) => signInAt(app, provider, email, options);

  async function session(browser: Browser) {
    return browser.go(`${app.url}/api/auth/oidc/session`, { method: 'POST' });
  }

  it('says so in /api/config, and lists its calls in the OpenAPI document', async () => {
    const config = await app.call<ClientConfig>('GET', '/config');
    expect(config.body).toMatchObject({ companySignIn: { name: 'Woxa Google' }, passwordSignIn: true });
    const doc = await app.call<{ paths: Record<string, unknown> }>('GET', '/openapi.json');
    for (const path of ['start', 'callback', 'session']) {
      expect(Object.keys(doc.body.paths)).toContain(`/api/auth/oidc/${path}`);
    }
  });

  it('creates the account on first sign-in with the provider-verified mailbox, and issues the app its own tokens', async () => {
    const { browser, location } = await signIn('dao@woxa.tech');
    expect(location).toBe('/login?sso=done');
    expect(browser.cookie(app.url, 'drinks_oidc')).toBeUndefined();
    const res = await session(browser);
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as Tokens;
    const me = await app.call<User>('GET', '/user/me', { token: tokens.accessToken });
    expect(me.body).toMatchObject({ email: 'dao@woxa.tech', name: 'Dao Pradit', role: 'user', emailVerified: true });

    // The handoff is taken once: the browser no longer holds it.
    expect((await session(browser)).status).toBe(401);

    // The next sign-in is the same account.
    const again = await signIn('dao@woxa.tech');
    const second = (await (await session(again.browser)).json()) as Tokens;
    const meAgain = await app.call<User>('GET', '/user/me', { token: second.accessToken });
    expect(meAgain.body.id).toBe(me.body.id);
  });

  it('lets an ADMIN_EMAILS address in as admin: the provider proved the mailbox', async () => {
    const { browser } = await signIn('boss@woxa.tech');
    const tokens = (await (await session(browser)).json()) as Tokens;
    const me = await app.call<User>('GET', '/user/me', { token: tokens.accessToken });
    expect(me.body.role).toBe('admin');
  });

  it('signs in to an existing password account of that mailbox and counts the mailbox as proven', async () => {
    const email = 'pim@woxa.tech';
    const reg = await app.call<User>('POST', '/auth/register', {
      body: { name: 'Pim', email, password: 'brew-line-42' },
    });
    expect(reg.body.emailVerified).toBe(false);
    const { browser } = await signIn(email);
    const tokens = (await (await session(browser)).json()) as Tokens;
    const me = await app.call<User>('GET', '/user/me', { token: tokens.accessToken });
    expect(me.body).toMatchObject({ id: reg.body.id, emailVerified: true });
  });

  it('signs in to the account a plus-address spelling of the mailbox registered', async () => {
    const reg = await app.call<User>('POST', '/auth/register', {
      body: { name: 'Noi', email: 'noi+coffee@woxa.tech', password: 'brew-line-42' },
    });
    expect(reg.status).toBe(201);
    const { browser, location } = await signIn('noi@woxa.tech');
    expect(location).toBe('/login?sso=done');
    const tokens = (await (await session(browser)).json()) as Tokens;
    const me = await app.call<User>('GET', '/user/me', { token: tokens.accessToken });
    expect(me.body).toMatchObject({ id: reg.body.id, emailVerified: true });
  });

  it("takes the password, sessions and push devices of whoever registered the mailbox unproven, before it becomes its owner's, admin included", async () => {
    const squatter = await app.call<User>('POST', '/auth/register', {
      body: { name: 'Chief', email: 'chief+x@woxa.tech', password: 'squat-line-42' },
    });
    expect(squatter.status).toBe(201);
    const held = await app.login('chief+x@woxa.tech', 'squat-line-42');
    await subscribeDevice(app, held.accessToken);
    expect(await devicesOf(app, squatter.body.id)).toBe(1);
    const { browser } = await signIn('chief@woxa.tech');
    const tokens = (await (await session(browser)).json()) as Tokens;
    const me = await app.call<User>('GET', '/user/me', { token: tokens.accessToken });
    // Named as the company names its owner: the squatter's 'Chief' is not shown on the owner's orders.
    expect(me.body).toMatchObject({ id: squatter.body.id, role: 'admin', emailVerified: true, name: 'Chanida Chief' });
    // The squatter's password and the session it had no longer open the account.
    const again = await app.call('POST', '/auth/v2/login', {
      body: { email: 'chief+x@woxa.tech', password: 'squat-line-42' },
    });
    expect(again.status).toBe(401);
    expect((await app.call('GET', '/user/me', { token: held.accessToken })).status).toBe(401);
    const refreshed = await app.call('POST', '/auth/refresh-token', { body: { refreshToken: held.refreshToken } });
    expect(refreshed.status).toBe(401);
    // Nor does the squatter's phone hear of the owner's orders.
    expect(await devicesOf(app, squatter.body.id)).toBe(0);
    const logged = app.logged.filter((l) => l.account === 'chief+x@woxa.tech').map((l) => l.security);
    expect(logged).toEqual(expect.arrayContaining(['account-claimed', 'email-verified', 'role-changed']));
  });

  it('refuses an address outside the company domain, and creates nobody', async () => {
    const { browser, location } = await signIn('outsider@woxa.tech');
    expect(location).toBe('/login?sso_error=wrong-domain');
    expect((await session(browser)).status).toBe(401);
    const admin = (await staffTokens(app)).admin;
    const users = await app.call<User[]>('GET', '/user', { token: admin });
    expect(users.body.map((u) => u.email)).not.toContain('outsider@gmail.example');
  });

  it('refuses another Google Workspace (the hd claim) even with a company-looking address', async () => {
    expect((await signIn('other-workspace@woxa.tech')).location).toBe('/login?sso_error=wrong-domain');
  });

  it('refuses an email the provider has not verified', async () => {
    expect((await signIn('unverified@woxa.tech')).location).toBe('/login?sso_error=unverified-email');
  });

  it('refuses an answer whose state is not the one this browser was sent with', async () => {
    const { browser, location } = await signIn('dao@woxa.tech', {
      answer: (url) => url.searchParams.set('state', 'forged-state'),
    });
    expect(location).toBe('/login?sso_error=mismatch');
    expect((await session(browser)).status).toBe(401);
  });

  it('refuses an answer brought to another browser (no login cookie there)', async () => {
    const victim = new Browser();
    let answer = '';
    await signIn('dao@woxa.tech', {
      answer: (url) => {
        answer = url.href;
        url.searchParams.set('code', 'used-up');
      },
    });
    const res = await victim.go(local(answer));
    expect(res.headers.get('location')).toBe('/login?sso_error=mismatch');
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const { location } = await signIn('dao@woxa.tech', {
      authorize: (url) => url.searchParams.set('nonce', 'another-nonce'),
    });
    expect(location).toBe('/login?sso_error=mismatch');
  });

  it('sends the browser back to the login page when the provider fails at userinfo, and logs why', async () => {
    const before = app.logged.length;
    provider.failUserinfo(true);
    try {
      const { browser, location } = await signIn('dao@woxa.tech');
      expect(location).toBe('/login?sso_error=failed');
      expect((await session(browser)).status).toBe(401);
    } finally {
      provider.failUserinfo(false);
    }
    const refusals = app.logged.slice(before).filter((l) => l.security === 'company-sign-in-refused');
    expect(refusals).toEqual([expect.objectContaining({ reason: 'failed' })]);
  });

  it('refuses a disabled account', async () => {
    const email = 'gone@woxa.tech';
    const first = await signIn(email);
    const tokens = (await (await session(first.browser)).json()) as Tokens;
    const me = await app.call<User>('GET', '/user/me', { token: tokens.accessToken });
    const admin = (await staffTokens(app)).admin;
    const disabled = await app.call('PATCH', `/user/${me.body.id}`, {
      token: admin,
      body: { isAvailable: false },
    });
    expect(disabled.status).toBe(200);
    expect((await signIn(email)).location).toBe('/login?sso_error=disabled');
  });
});

describe('company sign-in when the provider is down', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer({
      APP_URL,
      // Nothing listens on port 9 (discard) here: the provider cannot be reached.
      OIDC_ISSUER: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: 'drinks-app',
      OIDC_CLIENT_SECRET: 'secret',
    });
  });
  afterAll(() => app.close());

  it('sends the browser back to the login page with a clear reason; password login still works', async () => {
    const res = await fetch(`${app.url}/api/auth/oidc/start`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?sso_error=provider-unavailable');
    const tokens = await app.login('barista@woxa.tech');
    expect(tokens.accessToken).toBeTruthy();
  });
});

describe('company sign-in when the provider goes down after it was first used', () => {
  let provider: OidcStandIn;
  let app: TestServer;
  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUris: [CALLBACK] });
    app = await startTestServer(signInWith(provider));
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  it('sends the browser back to the login page with a clear reason, not on to the provider', async () => {
    const start = () => fetch(`${app.url}/api/auth/oidc/start`, { redirect: 'manual' });
    const first = await start();
    expect(first.headers.get('location')).toMatch(new RegExp(`^${provider.issuer}/`));
    await provider.close();
    const res = await start();
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?sso_error=provider-unavailable');
  });
});

describe('OIDC_ONLY: everyone signs in with the company account', () => {
  let provider: OidcStandIn;
  let app: TestServer;
  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUris: [CALLBACK] });
    app = await startTestServer({
      ...signInWith(provider),
      OIDC_ONLY: 'true',
    });
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  it('refuses password login, registration, reset and a change of password with 403 PASSWORD_SIGN_IN_OFF', async () => {
    const calls = [
      ['/auth/v2/login', { email: 'barista@woxa.tech', password: 'password123' }],
      ['/auth/register', { name: 'New', email: 'new@woxa.tech', password: 'new-password-1' }],
      ['/auth/forgot-password', { email: 'barista@woxa.tech' }],
    ] as const;
    const off: string[] = [];
    for (const [path, body] of calls) {
      const res = await app.call('POST', path, { body });
      expect(res.status, path).toBe(403);
      expect(problem(res).code).toBe('PASSWORD_SIGN_IN_OFF');
      off.push(...(await offTheDocument(app, `POST ${path}`, res)));
    }
    // Signed in with the company account, a password is not changed either; the document says so too.
    const { browser } = await signInAt(app, provider, 'dao@woxa.tech');
    const tokens = (await (await browser.go(`${app.url}/api/auth/oidc/session`, { method: 'POST' })).json()) as Tokens;
    const change = await app.call('PUT', '/user/password', {
      token: tokens.accessToken,
      body: { currentPassword: 'anything-at-all', newPassword: 'new-password-1' },
    });
    expect(change.status).toBe(403);
    expect(problem(change).code).toBe('PASSWORD_SIGN_IN_OFF');
    off.push(...(await offTheDocument(app, 'PUT /user/password', change)));
    expect(off).toEqual([]);
    const config = await app.call<ClientConfig>('GET', '/config');
    expect(config.body).toMatchObject({ companySignIn: { name: 'woxa.tech' }, passwordSignIn: false });
  });
});
