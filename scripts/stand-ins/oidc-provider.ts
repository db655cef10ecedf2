import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';

// A real OpenID provider (oidc-provider from the registry) for the tests, in the test's own process:
// the app under test talks to it over HTTP exactly as it talks to Google, Entra ID or Keycloak.
// Its sign-in page asks for an email; the claims of that account come from `accounts`, and an address
// not listed there is a verified mailbox of that name.

export interface StandInAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Google Workspace's hosted-domain claim. */
  hd?: string;
}

export interface OidcStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Sets (or replaces) the claims an address signs in with. */
  account(email: string, claims: StandInAccount): void;
  /** While true, the userinfo endpoint answers 500, as a provider in trouble does. */
  failUserinfo(fail: boolean): void;
  close(): Promise<void>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function formBody(req: NodeJS.ReadableStream): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) raw += chunk.toString();
  return new URLSearchParams(raw);
}

export async function startOidcProvider(options: {
  redirectUris: string[];
  accounts?: Record<string, StandInAccount>;
}): Promise<OidcStandIn> {
  const accounts = new Map(Object.entries(options.accounts ?? {}));
  const clientId = 'drinks-app';
  const clientSecret = 'stand-in-client-secret-0123456789abcdef';
  const userinfoPath = '/me';
  let userinfoFails = false;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    routes: { userinfo: userinfoPath },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'hd'] },
    cookies: { keys: ['stand-in-cookie-key-0123456789abcdef'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, ...accounts.get(id) }),
    }),
    // A first-party app: no consent screen, the grant is given on sign-in.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };

  // The issuer names its port, so the port is taken first and the provider made to answer on it after.
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, configuration);

  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([^/]+)$/.exec(ctx.path);
    if (!match) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (ctx.method === 'GET') {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><title>Company sign-in</title></head><body>
<h1>Company sign-in</h1>
<form method="post" action="/interaction/${escapeHtml(details.uid)}">
<label>Email <input name="email" type="email" autocomplete="username" required></label>
<button type="submit">Sign in</button>
</form></body></html>`;
      return;
    }
    const email = (await formBody(ctx.req)).get('email')?.trim().toLowerCase() ?? '';
    const to = await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: email } });
    ctx.redirect(to);
  });
  const answer = provider.callback();
  handler = (req, res) => {
    if (userinfoFails && new URL(req.url ?? '/', issuer).pathname === userinfoPath) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('userinfo is down');
      return;
    }
    answer(req, res);
  };

  return {
    issuer,
    clientId,
    clientSecret,
    account: (email, claims) => accounts.set(email.toLowerCase(), claims),
    failUserinfo: (fail) => {
      userinfoFails = fail;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
