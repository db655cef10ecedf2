import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  loadConfig,
  mailboxUnderRules,
  mailRequestsPerAddress,
  officeCheck,
  strictAccounts,
} from './config.js';

describe('the configuration', () => {
  it('seeds no demo data unless asked', () => {
    expect(loadConfig({}).DEMO_DATA).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'true' }).DEMO_DATA).toBe(true);
  });

  it('refuses a placeholder JWT_SECRET at start, naming the variable', () => {
    expect(() => loadConfig({ JWT_SECRET: 'change-me-to-a-long-random-secret-of-32-chars-or-more' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ JWT_SECRET: 'a'.repeat(48) })).toThrow(/JWT_SECRET/);
  });

  it('refuses a JWT_SECRET that is a run of letters and digits or a repeated block', () => {
    expect(() => loadConfig({ JWT_SECRET: 'abcdefghijklmnopqrstuvwxyz0123456789' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ JWT_SECRET: '0123456789abcdef'.repeat(4) })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ JWT_SECRET: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789' })).toThrow(
      /JWT_SECRET/,
    );
  });

  it('refuses an empty JWT_ISSUER or JWT_AUDIENCE', () => {
    expect(() => loadConfig({ JWT_ISSUER: '' })).toThrow(/JWT_ISSUER/);
    expect(() => loadConfig({ JWT_AUDIENCE: '' })).toThrow(/JWT_AUDIENCE/);
    expect(loadConfig({}).JWT_AUDIENCE).toBe('drinks-app');
  });

  it('refuses an access token that outlives the absolute session limit or its refresh token', () => {
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '7200', SESSION_MAX_SECONDS: '3600' })).toThrow(
      /ACCESS_TOKEN_TTL_SECONDS.*SESSION_MAX_SECONDS/,
    );
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '7200', REFRESH_TOKEN_TTL_SECONDS: '3600' })).toThrow(
      /ACCESS_TOKEN_TTL_SECONDS.*REFRESH_TOKEN_TTL_SECONDS/,
    );
    expect(loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '3600', SESSION_MAX_SECONDS: '3600' }).SESSION_MAX_SECONDS).toBe(
      3600,
    );
  });

  it('refuses FAKE_NOW in production: it is for tests and demos', () => {
    const fakeNow = '2025-06-11T03:00:00.000Z';
    expect(() => loadConfig({ FAKE_NOW: fakeNow, NODE_ENV: 'production' })).toThrow(/FAKE_NOW.*production/);
    expect(loadConfig({ FAKE_NOW: fakeNow, NODE_ENV: 'test' }).FAKE_NOW).toBe(fakeNow);
    expect(loadConfig({ NODE_ENV: 'production' }).FAKE_NOW).toBeUndefined();
  });

  it('takes FAKE_NOW only as an ISO 8601 instant with its zone', () => {
    expect(loadConfig({ FAKE_NOW: '2025-06-11T10:00:00+07:00' }).FAKE_NOW).toBe('2025-06-11T10:00:00+07:00');
    for (const bad of ['March 1 2024', '2025-06-11', '2025-06-11T03:00:00', '1749610800000'])
      expect(() => loadConfig({ FAKE_NOW: bad }), bad).toThrow(/FAKE_NOW: must be an ISO 8601 instant/);
  });

  it('reads an empty or blank PORT as unset, not as port 0 (a random port)', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(3000);
    expect(loadConfig({ PORT: ' ' }).PORT).toBe(3000);
    expect(loadConfig({ PORT: '8080' }).PORT).toBe(8080);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('reads every empty or blank numeric setting as unset, not as 0 (RECALL_WINDOW_SECONDS=0 turns recall off)', () => {
    const defaults = loadConfig({});
    const numeric = [
      'PORT',
      'ACCESS_TOKEN_TTL_SECONDS',
      'REFRESH_TOKEN_TTL_SECONDS',
      'SESSION_MAX_SECONDS',
      'OFFICE_RADIUS_M',
      'METRICS_PORT',
      'LOGIN_ACCOUNT_CEILING',
      'MAIL_REQUESTS_PER_ADDRESS',
      'UPLOADS_PER_USER_PER_DAY',
      'IMAGE_RETENTION_HOURS',
      'RECALL_WINDOW_SECONDS',
      'ESTIMATE_PRIOR_MINUTES',
      'UNCLAIMED_AFTER_MINUTES',
    ] as const;
    for (const name of numeric)
      for (const blank of ['', ' ', '\t'])
        expect(loadConfig({ [name]: blank })[name], `${name}=${JSON.stringify(blank)}`).toBe(defaults[name]);
    const office = loadConfig({ OFFICE_LAT: ' ', OFFICE_LNG: '' });
    expect([office.OFFICE_LAT, office.OFFICE_LNG]).toEqual([undefined, undefined]);
    expect(loadConfig({ RECALL_WINDOW_SECONDS: '0' }).RECALL_WINDOW_SECONDS).toBe(0);
    expect(() => loadConfig({ RECALL_WINDOW_SECONDS: 'two minutes' })).toThrow(/RECALL_WINDOW_SECONDS/);
  });

  it('refuses METRICS_PORT on PORT: metrics get a port of their own', () => {
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(loadConfig({ PORT: '8080', METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(loadConfig({ PORT: '0', METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
  });

  it('runs the scale-out roles only with PostgreSQL and NATS', () => {
    expect(() => loadConfig({ ROLE: 'api' })).toThrow(/ROLE: .*DATABASE_URL/);
    expect(() => loadConfig({ ROLE: 'relay', DATABASE_URL: 'postgres://db/drinks' })).toThrow(/NATS_URL/);
    const scaled = { ROLE: 'projector', DATABASE_URL: 'postgres://db/drinks', NATS_URL: 'nats://bus:4222' };
    expect(loadConfig(scaled).ROLE).toBe('projector');
    expect(loadConfig({}).ROLE).toBe('all');
  });

  it('takes ALLOWED_ORIGINS as origins only, as a browser sends them', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://drinks.example.com, http://10.0.0.5:8080' }).ALLOWED_ORIGINS).toEqual(
      ['https://drinks.example.com', 'http://10.0.0.5:8080'],
    );
    for (const bad of ['https://drinks.example.com/', '*', 'drinks.example.com', 'https://a.example/app'])
      expect(() => loadConfig({ ALLOWED_ORIGINS: bad }), bad).toThrow(/ALLOWED_ORIGINS/);
  });

  it('trusts no proxy unless TRUST_PROXY says so', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 1 });
    // Named once: the message read 'TRUST_PROXY: TRUST_PROXY: …'.
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/\n {2}TRUST_PROXY: "yes please" is neither/);
    expect(() => loadConfig({ TRUST_PROXY: '0.0.0.0/0' })).toThrow(/\n {2}TRUST_PROXY: "0\.0\.0\.0\/0" trusts every/);
    expect(() => loadConfig({ TRUST_PROXY: '::/0' })).toThrow(/TRUST_PROXY/);
  });
});

describe('the at-the-office check', () => {
  it('is off unless OFFICE_LAT and OFFICE_LNG are set, and refuses a radius without them', () => {
    expect(officeCheck(loadConfig({}))).toBeNull();
    expect(officeCheck(loadConfig({ OFFICE_LAT: '13.7', OFFICE_LNG: '100.5' }))).toEqual({
      lat: 13.7,
      lng: 100.5,
      radiusM: 300,
    });
    expect(officeCheck(loadConfig({ OFFICE_LAT: '13.7', OFFICE_LNG: '100.5', OFFICE_RADIUS_M: '50' }))?.radiusM).toBe(
      50,
    );
    expect(() => loadConfig({ OFFICE_RADIUS_M: '50' })).toThrow(/OFFICE_RADIUS_M: needs OFFICE_LAT and OFFICE_LNG/);
  });
});

describe('the web app setting', () => {
  it('refuses a WEB_DIR without index.html: it would serve 404 for every page', () => {
    const dir = mkdtempSync(join(tmpdir(), 'drinks-web-'));
    try {
      expect(() => loadConfig({ WEB_DIR: dir })).toThrow(/WEB_DIR: .*index\.html/);
      writeFileSync(join(dir, 'index.html'), '<!doctype html>');
      expect(loadConfig({ WEB_DIR: dir }).WEB_DIR).toBe(dir);
      expect(loadConfig({}).WEB_DIR).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the admin addresses', () => {
  it('takes ADMIN_EMAILS as addresses of COMPANY_EMAIL_DOMAIN only: no other can register or sign in', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@woxa.tech, chief@woxa.tech ' }).ADMIN_EMAILS).toEqual([
      'boss@woxa.tech',
      'chief@woxa.tech',
    ]);
    expect(loadConfig({ COMPANY_EMAIL_DOMAIN: 'example.com', ADMIN_EMAILS: 'a@example.com' }).ADMIN_EMAILS).toEqual([
      'a@example.com',
    ]);
    expect(() => loadConfig({ ADMIN_EMAILS: 'boss' })).toThrow(/ADMIN_EMAILS: 'boss' is not an email address/);
    expect(() => loadConfig({ ADMIN_EMAILS: 'boss@woxa.tech,boss@gmail.com' })).toThrow(
      /ADMIN_EMAILS: 'boss@gmail\.com' is not an address of COMPANY_EMAIL_DOMAIN \(woxa\.tech\)/,
    );
    expect(() => loadConfig({ ADMIN_EMAILS: 'boss@notwoxa.tech' })).toThrow(/ADMIN_EMAILS/);
  });
});

describe('the mail settings', () => {
  it('prints links in the log unless SMTP_URL is set', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
  });

  it('needs APP_URL with SMTP_URL, so no request Host picks where links lead', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.test:587' })).toThrow(/APP_URL/);
    const c = loadConfig({ SMTP_URL: 'smtp://mail.test:587', APP_URL: 'https://drinks.example/' });
    expect(c.APP_URL).toBe('https://drinks.example');
  });

  it('refuses an APP_URL with a query or a #fragment: every link and the company sign-in callback appended to it', () => {
    for (const bad of [
      'https://drinks.example.com/?utm=mail#top',
      'https://drinks.example.com?x=1',
      'https://drinks.example.com#top',
    ])
      expect(() => loadConfig({ APP_URL: bad }), bad).toThrow(/APP_URL: must have no \?query or #fragment/);
    expect(loadConfig({ APP_URL: 'https://drinks.example.com/drinks/' }).APP_URL).toBe(
      'https://drinks.example.com/drinks',
    );
  });

  it('refuses an APP_URL that is not http(s)://, saying so, and reads an empty one as unset', () => {
    for (const bad of ['ftp://drinks.example.com', 'drinks.example.com'])
      expect(() => loadConfig({ APP_URL: bad }), bad).toThrow(/APP_URL: must be an http\(s\):\/\/ URL/);
    expect(loadConfig({ APP_URL: '' }).APP_URL).toBeUndefined();
  });

  it('refuses a mail URL that is not smtp:// or smtps://', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.test' })).toThrow(/SMTP_URL/);
  });

  it("takes MAIL_FROM as an address or 'Name <address>', and refuses a bare name: mail had no sender", () => {
    expect(loadConfig({}).MAIL_FROM).toBe('Drinks <no-reply@localhost>');
    for (const good of ['no-reply@woxa.tech', 'Drinks <no-reply@woxa.tech>', '"Drinks, Woxa" <drinks@woxa.tech>'])
      expect(loadConfig({ MAIL_FROM: good }).MAIL_FROM, good).toBe(good);
    for (const bad of ['Drinks', 'Drinks no-reply@woxa.tech', 'Drinks <no-reply>', 'a@b, c@d', 'Drinks <>', ''])
      expect(() => loadConfig({ MAIL_FROM: bad }), bad).toThrow(/MAIL_FROM: /);
  });
});

describe('the company sign-in settings', () => {
  const oidc = {
    OIDC_ISSUER: 'https://accounts.google.com',
    OIDC_CLIENT_ID: 'drinks',
    OIDC_CLIENT_SECRET: 'from-the-console',
    APP_URL: 'https://drinks.example',
  };

  it('is off unless OIDC_ISSUER is set, and then needs the client and APP_URL (the redirect URI)', () => {
    expect(loadConfig({}).OIDC_ISSUER).toBeUndefined();
    expect(loadConfig(oidc).OIDC_ISSUER).toBe('https://accounts.google.com');
    expect(() => loadConfig({ ...oidc, APP_URL: '' })).toThrow(/OIDC_ISSUER.*APP_URL/);
    expect(() => loadConfig({ ...oidc, OIDC_CLIENT_SECRET: undefined })).toThrow(/OIDC_CLIENT_SECRET/);
  });

  it('refuses a plain-http provider unless it runs on this machine', () => {
    expect(() => loadConfig({ ...oidc, OIDC_ISSUER: 'http://idp.example' })).toThrow(/OIDC_ISSUER.*https/);
    expect(loadConfig({ ...oidc, OIDC_ISSUER: 'http://localhost:8080/realms/woxa' }).OIDC_ISSUER).toBeTruthy();
  });

  it('refuses an OIDC_ISSUER that is no URL, naming it, and reads an empty one as unset', () => {
    for (const issuer of ['accounts.google.com', 'not a url'])
      expect(() => loadConfig({ ...oidc, OIDC_ISSUER: issuer })).toThrow(
        new ConfigError('Invalid configuration:\n  OIDC_ISSUER: must be an https:// URL'),
      );
    expect(loadConfig({ ...oidc, OIDC_ISSUER: '' }).OIDC_ISSUER).toBeUndefined();
  });

  it('refuses OIDC_ONLY without a provider: nobody could sign in', () => {
    expect(() => loadConfig({ OIDC_ONLY: 'true' })).toThrow(/OIDC_ONLY/);
    expect(loadConfig({ ...oidc, OIDC_ONLY: 'true' }).OIDC_ONLY).toBe(true);
  });
});

describe('the Web Push settings', () => {
  it('takes the VAPID key pair together or not at all, and a mailto: or https:// subject', () => {
    expect(loadConfig({}).VAPID_PUBLIC_KEY).toBeUndefined();
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: 'a'.repeat(43) })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://cafe.example' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:cafe@woxa.tech' }).VAPID_SUBJECT).toBe('mailto:cafe@woxa.tech');
  });

  it('takes PUSH_SERVICE_HOSTS as host names only: a URL, a wildcard or a bare top-level domain is refused', () => {
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: 'https://evil.com/x' })).toThrow(
      /PUSH_SERVICE_HOSTS: 'https:\/\/evil\.com\/x' is not a host name/,
    );
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: '*' })).toThrow(/PUSH_SERVICE_HOSTS: '\*' is a wildcard/);
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: '*.example.com' })).toThrow(/PUSH_SERVICE_HOSTS: .* is a wildcard/);
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,com' })).toThrow(
      /PUSH_SERVICE_HOSTS: 'com' is a single label/,
    );
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: 'push.example.com:443' })).toThrow(/PUSH_SERVICE_HOSTS/);
    expect(loadConfig({}).PUSH_SERVICE_HOSTS).toContain('fcm.googleapis.com');
    expect(loadConfig({ PUSH_SERVICE_HOSTS: 'localhost' }).PUSH_SERVICE_HOSTS).toEqual(['localhost']);
    expect(loadConfig({ PUSH_SERVICE_HOSTS: ' Push.Example.com, 127.0.0.1 ' }).PUSH_SERVICE_HOSTS).toEqual([
      'push.example.com',
      '127.0.0.1',
    ]);
  });

  it("takes a pair generated together, and refuses a public key that is not the private key's", () => {
    const [pair, other] = [webpush.generateVAPIDKeys(), webpush.generateVAPIDKeys()];
    const keys = (p: { publicKey: string; privateKey: string }) => ({
      VAPID_PUBLIC_KEY: p.publicKey,
      VAPID_PRIVATE_KEY: p.privateKey,
    });
    expect(loadConfig(keys(pair)).VAPID_PUBLIC_KEY).toBe(pair.publicKey);
    expect(() => loadConfig(keys({ ...pair, publicKey: other.publicKey }))).toThrow(
      /VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY/,
    );
  });

  it('refuses a private key that is zero or not below the group order, and a malformed public key', () => {
    const pair = webpush.generateVAPIDKeys();
    const env = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey };
    expect(() => loadConfig({ ...env, VAPID_PRIVATE_KEY: 'A'.repeat(43) })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...env, VAPID_PRIVATE_KEY: '_'.repeat(43) })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: pair.publicKey.slice(0, 84) })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: `A${pair.publicKey.slice(1)}` })).toThrow(/VAPID_PUBLIC_KEY/);
  });
});

describe('the account rules', () => {
  it('are strict unless this is a demo (DEMO_DATA), and ACCOUNT_RULES says otherwise either way', () => {
    expect(strictAccounts(loadConfig({}))).toBe(true);
    expect(strictAccounts(loadConfig({ DEMO_DATA: 'true' }))).toBe(false);
    expect(strictAccounts(loadConfig({ DEMO_DATA: 'true', ACCOUNT_RULES: 'strict' }))).toBe(true);
    expect(strictAccounts(loadConfig({ ACCOUNT_RULES: 'contract' }))).toBe(false);
    expect(() => loadConfig({ ACCOUNT_RULES: 'lax' })).toThrow(/ACCOUNT_RULES/);
  });
});

describe('the limits on mail requests (registrations, resets)', () => {
  it('allow 20 an hour per client address under the strict rules, 1,000 in a demo, or what is set', () => {
    expect(mailRequestsPerAddress(loadConfig({}))).toBe(20);
    expect(mailRequestsPerAddress(loadConfig({ DEMO_DATA: 'true' }))).toBe(1000);
    expect(mailRequestsPerAddress(loadConfig({ DEMO_DATA: 'true', MAIL_REQUESTS_PER_ADDRESS: '7' }))).toBe(7);
    expect(mailRequestsPerAddress(loadConfig({ MAIL_REQUESTS_PER_ADDRESS: '' }))).toBe(20);
    expect(() => loadConfig({ MAIL_REQUESTS_PER_ADDRESS: '0' })).toThrow(/MAIL_REQUESTS_PER_ADDRESS/);
  });

  it('count per mailbox (user+x@ is user@) under the strict rules, per address in a demo', () => {
    expect(mailboxUnderRules(loadConfig({}), 'Nid+Coffee@woxa.tech')).toBe('nid@woxa.tech');
    expect(mailboxUnderRules(loadConfig({ DEMO_DATA: 'true' }), 'Nid+Coffee@woxa.tech')).toBe('nid+coffee@woxa.tech');
  });
});
