import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';

// Sign in with the company account (OpenID Connect, authorization code + PKCE). The browser carries the
// state, nonce and PKCE verifier in a signed, HttpOnly cookie, so any API process can finish a sign-in
// another one started. Every start discovers the provider anew: one that went down since is noticed before
// the browser is sent to it; the callback uses the last discovery (again after a failure).

/** Why a company sign-in was refused; the login page words each one. */
export type CompanySignInRefusal =
  'provider-unavailable' | 'mismatch' | 'wrong-domain' | 'unverified-email' | 'disabled' | 'cancelled' | 'failed';

export class CompanySignInRefused extends Error {
  override name = 'CompanySignInRefused';
  constructor(
    readonly reason: CompanySignInRefusal,
    detail: string,
    readonly email?: string,
  ) {
    super(detail);
  }
}

export interface CompanyIdentity {
  email: string;
  name: string;
}

export interface CompanySignIn {
  /** "Sign in with <name>". */
  name: string;
  /** Where to send the browser, and the cookie that binds its answer to this browser. */
  start(): Promise<{ url: string; cookie: string }>;
  /** Checks the provider's answer (the callback's query string) against the cookie: a verified company mailbox. */
  finish(query: string, cookie: string | undefined): Promise<CompanyIdentity>;
  /** A short-lived proof, kept in an HttpOnly cookie, that hands the signed-in user to the web client. */
  handoff(userId: string): Promise<string>;
  takeHandoff(token: string | undefined): Promise<string | null>;
}

export const LOGIN_COOKIE = 'drinks_oidc';
export const HANDOFF_COOKIE = 'drinks_oidc_session';
export const LOGIN_COOKIE_SECONDS = 600;
export const HANDOFF_COOKIE_SECONDS = 120;
const PROVIDER_TIMEOUT_MS = 5000;

const LoginAudience = 'drinks:oidc-login';
const HandoffAudience = 'drinks:oidc-handoff';

/** Null when OIDC_ISSUER is unset. */
export function createCompanySignIn(options: {
  config: Config;
  secret: Uint8Array;
  clock: Clock;
}): CompanySignIn | null {
  const { config, clock } = options;
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret, APP_URL } = config;
  if (!issuer || !clientId || !clientSecret || !APP_URL) return null;
  const domain = config.COMPANY_EMAIL_DOMAIN.toLowerCase();
  const redirectUri = `${APP_URL}/api/auth/oidc/callback`;
  // Its own key, so nothing signed here can pass for an access token or the other way round.
  const key = createHmac('sha256', options.secret).update('company sign-in').digest();
  const isGoogle = new URL(issuer).hostname === 'accounts.google.com';

  let discovered: Promise<oidc.Configuration> | undefined;
  const discover = (): Promise<oidc.Configuration> => {
    const attempt = oidc
      .discovery(new URL(issuer), clientId, clientSecret, undefined, {
        [oidc.customFetch]: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) }),
        // The config allows http only for a provider on this machine (tests, a local Keycloak).
        execute: issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        if (discovered === attempt) discovered = undefined;
        throw unavailable(err);
      });
    discovered = attempt;
    return attempt;
  };
  const provider = (): Promise<oidc.Configuration> => discovered ?? discover();

  const sign = (claims: Record<string, string>, audience: string, seconds: number) => {
    const now = Math.floor(clock().getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(audience)
      .setIssuedAt(now)
      .setExpirationTime(now + seconds)
      .sign(key);
  };
  const read = async (token: string | undefined, audience: string) => {
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, key, { audience, algorithms: ['HS256'], currentDate: clock() });
      return payload;
    } catch {
      return null;
    }
  };

  return {
    name: config.OIDC_NAME ?? config.COMPANY_EMAIL_DOMAIN,

    async start() {
      // Asked again, not taken from the cache: a provider that no longer answers gets the login page's words,
      // where sending the browser to it ended on the browser's own connection error page.
      const configuration = await discover();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const verifier = oidc.randomPKCECodeVerifier();
      const params: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        // Google shows only accounts of this Workspace domain (the hd claim is still checked below).
        ...(isGoogle ? { hd: domain } : {}),
      };
      const url = oidc.buildAuthorizationUrl(configuration, params).href;
      return { url, cookie: await sign({ state, nonce, verifier }, LoginAudience, LOGIN_COOKIE_SECONDS) };
    },

    async finish(query, cookie) {
      const started = await read(cookie, LoginAudience);
      const answer = new URL(redirectUri);
      answer.search = query;
      const error = answer.searchParams.get('error');
      if (error === 'access_denied')
        throw new CompanySignInRefused('cancelled', 'the person cancelled at the provider');
      if (!started || typeof started.state !== 'string' || answer.searchParams.get('state') !== started.state) {
        throw new CompanySignInRefused('mismatch', 'state missing or not the one this browser was sent with');
      }
      if (error) throw new CompanySignInRefused('failed', `the provider answered ${error}`);
      const configuration = await provider();
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(configuration, answer, {
          pkceCodeVerifier: String(started.verifier),
          expectedState: started.state,
          expectedNonce: String(started.nonce),
          idTokenExpected: true,
        });
      } catch (err) {
        throw providerRefusal(err);
      }
      const idToken = tokens.claims();
      if (!idToken) throw new CompanySignInRefused('failed', 'no ID token');
      if (typeof idToken.email === 'string') return companyIdentity(idToken, domain);
      // Providers that keep the ID token small (oidc-provider by default) give the email at userinfo.
      let userInfo: oidc.UserInfoResponse;
      try {
        userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      } catch (err) {
        throw providerRefusal(err);
      }
      return companyIdentity({ ...idToken, ...userInfo }, domain);
    },

    handoff: (userId) => sign({ sub: userId }, HandoffAudience, HANDOFF_COOKIE_SECONDS),
    async takeHandoff(token) {
      const payload = await read(token, HandoffAudience);
      return typeof payload?.sub === 'string' ? payload.sub : null;
    },
  };
}

/**
 * Only a verified mailbox of the company domain signs in. Google says `email_verified` (and `hd`, the
 * Workspace domain), Keycloak `email_verified`, Entra ID `xms_edov` (the domain owner verified it).
 */
export function companyIdentity(claims: Record<string, unknown>, domain: string): CompanyIdentity {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email.endsWith(`@${domain}`) || (claims.hd !== undefined && claims.hd !== domain)) {
    throw new CompanySignInRefused('wrong-domain', `${email || 'no email'} is not an @${domain} account`, email);
  }
  if (claims.email_verified !== true && claims.xms_edov !== true) {
    throw new CompanySignInRefused('unverified-email', `${email} is not verified by the provider`, email);
  }
  const given = [claims.name, claims.given_name].find((n) => typeof n === 'string' && n.trim() !== '') as
    string | undefined;
  return { email, name: given?.trim() ?? email.split('@')[0]! };
}

/** A call to the provider that failed: no answer, an answer not for this sign-in, or any other failure. */
function providerRefusal(err: unknown): CompanySignInRefused {
  if (err instanceof oidc.ClientError && err.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
    return new CompanySignInRefused('mismatch', err.message);
  }
  return isNetworkError(err) ? unavailable(err) : new CompanySignInRefused('failed', String(err));
}

function isNetworkError(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return (
    name === 'TimeoutError' || name === 'AbortError' || (err instanceof TypeError && /fetch failed/i.test(err.message))
  );
}

function unavailable(err: unknown): CompanySignInRefused {
  return new CompanySignInRefused('provider-unavailable', `the provider did not answer: ${String(err)}`);
}
