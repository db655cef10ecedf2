import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { LIVE_CLOSE_REFUSED, LiveAuth, STAFF_ROLES, type LiveMessage, type Role } from '@drinks/contracts';

export const CLOSE_UNAUTHORIZED = LIVE_CLOSE_REFUSED;
/** A user's socket beyond maxSocketsPerUser (RFC 6455's policy violation): the client retries later. */
export const CLOSE_TOO_MANY = 1008;
const AUTH_TIMEOUT_MS = 5000;
// A client this far behind is dropped; it reconnects and refetches, which beats buffering without bound.
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Query parameter names that would carry a credential in the socket's URL. */
const TOKEN_LIKE = /token|jwt|auth|bearer/i;

export interface LiveUser {
  id: string;
  role: Role;
  /** How long the token stays valid: the socket is checked again then (and closed) rather than at a heartbeat. */
  validForMs?: number;
}
export interface Audience {
  userId?: string;
  staff?: boolean;
  everyone?: boolean;
}
export interface LiveLogger {
  warn(obj: object, msg: string): void;
}
export interface LiveServerOptions {
  server: Server;
  path?: string;
  /** `address`: the client's, as the HTTP calls see it (clientAddressOf), for the security log. */
  authenticate: (token: string, address: string) => Promise<LiveUser | null>;
  /** The client's address from its upgrade request (behind trusted proxies, theirs); its peer by default. */
  clientAddressOf?: (req: IncomingMessage) => string;
  /** Origins allowed besides the server's own; empty means same host only. */
  allowedOrigins: string[];
  heartbeatMs?: number;
  authTimeoutMs?: number;
  /** Sockets one user may hold at once (phones and tabs); a further one is closed with CLOSE_TOO_MANY. */
  maxSocketsPerUser?: number;
  logger?: LiveLogger;
}
export interface LiveServer {
  send(message: LiveMessage, audience: Audience): void;
  /**
   * The log reached `position` (sent to someone or not): the next `hello` says so, and a client whose
   * last position differs knows it may have missed something and refetches.
   */
  advance(position: number): void;
  /** Re-authenticates the user's sockets now (signed out, disabled, role changed): closes those refused. */
  recheck(userId: string): Promise<void>;
  clientCount(): number;
  close(): Promise<void>;
}

interface Client {
  ws: WebSocket;
  address: string;
  user: LiveUser | null;
  token: string | null;
  authenticating: boolean;
  alive: boolean;
  expiry?: NodeJS.Timeout;
}

export function createLiveServer(options: LiveServerOptions): LiveServer {
  const { server, path = '/api/websockets', authenticate, allowedOrigins, heartbeatMs = 25_000 } = options;
  const authTimeoutMs = options.authTimeoutMs ?? AUTH_TIMEOUT_MS;
  const clientAddressOf = options.clientAddressOf ?? ((req: IncomingMessage) => req.socket.remoteAddress ?? '');
  const logger = options.logger;
  const maxSocketsPerUser = options.maxSocketsPerUser ?? Infinity;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const clients = new Set<Client>();
  let lastPosition = 0;

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    // A target such as `//` is no URL at all: new URL threw here, outside any handler, and the process died.
    const url = URL.canParse(req.url ?? '/', 'http://localhost') ? new URL(req.url ?? '/', 'http://localhost') : null;
    if (!url) return reject(socket, 400, 'Bad Request');
    if (url.pathname !== path) return hasBody(req) ? reject(socket, 404, 'Not Found') : serveAsHttp(req, socket);
    if (!originAllowed(req, allowedOrigins)) return reject(socket, 403, 'Forbidden');
    // A token in the URL ends up in proxy access logs: only the first message may carry it. Whatever the
    // parameter is called (token, access_token, jwt, …), a client putting one there is told at once.
    if ([...url.searchParams.keys()].some((k) => TOKEN_LIKE.test(k))) return reject(socket, 400, 'Bad Request');
    const address = clientAddressOf(req);
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, address));
  }

  /**
   * Node hands every request asking to upgrade to this listener, not to the app: a plain GET carrying
   * `Upgrade: h2c` (curl --http2 sends it) was a bare 404. RFC 9110 lets a server ignore Upgrade, so one for
   * another path is answered as the HTTP/1.1 request it also is (without a body: Node no longer reads one).
   */
  function serveAsHttp(req: IncomingMessage, socket: Duplex) {
    // Node took its own listeners off an upgraded socket, its error listener too: a client resetting the
    // connection while the answer was written raised an unhandled 'error' and ended the process.
    socket.on('error', () => socket.destroy());
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket as Socket);
    res.once('finish', () => {
      res.detachSocket(socket as Socket);
      socket.end();
    });
    server.emit('request', req, res);
  }

  function onConnection(ws: WebSocket, address: string) {
    const client: Client = { ws, address, user: null, token: null, authenticating: false, alive: true };
    clients.add(client);
    const timer = setTimeout(
      () => client.user || ws.close(CLOSE_UNAUTHORIZED, 'Authentication required'),
      authTimeoutMs,
    );
    ws.on('pong', () => (client.alive = true));
    ws.on('close', () => {
      clearTimeout(timer);
      clearTimeout(client.expiry);
      clients.delete(client);
    });
    ws.on('error', (err) => logger?.warn({ err }, 'live socket error'));
    ws.on('message', (raw) => onMessage(client, raw));
  }

  /** The token is checked again (expiry, sign-out, disabling) and the role too: the audience follows it. */
  async function stillValid(client: Client): Promise<boolean> {
    if (!client.user || !client.token) return true;
    const now = await authenticate(client.token, client.address).catch(() => null);
    return now !== null && now.id === client.user.id && now.role === client.user.role;
  }

  async function recheckClient(client: Client) {
    if (!(await stillValid(client)) && client.ws.readyState === WebSocket.OPEN) {
      client.ws.close(CLOSE_UNAUTHORIZED, 'Unauthorized');
    }
  }

  async function login(client: Client, token: string, hello: boolean) {
    client.authenticating = true;
    let user: LiveUser | null = null;
    try {
      user = await authenticate(token, client.address);
    } catch (err) {
      logger?.warn({ err }, 'live authentication failed');
    }
    client.authenticating = false;
    if (client.ws.readyState !== WebSocket.OPEN) return;
    if (!user) return client.ws.close(CLOSE_UNAUTHORIZED, 'Unauthorized');
    // Every socket is a file descriptor and a copy of each message: one account must not hold them all.
    let held = 0;
    for (const other of clients) if (other.user?.id === user.id) held += 1;
    if (held >= maxSocketsPerUser) {
      logger?.warn({ userId: user.id, address: client.address, held }, 'live: too many sockets for one user');
      return client.ws.close(CLOSE_TOO_MANY, 'Too many live connections');
    }
    client.user = { id: user.id, role: user.role };
    client.token = token;
    if (user.validForMs !== undefined) {
      client.expiry = setTimeout(() => void recheckClient(client), Math.min(user.validForMs + 100, 2 ** 31 - 1));
      client.expiry.unref();
    }
    if (hello) deliver(client, JSON.stringify({ type: 'hello', position: lastPosition, data: { userId: user.id } }));
  }

  function onMessage(client: Client, raw: RawData) {
    let message: unknown;
    try {
      message = JSON.parse(raw.toString());
    } catch {
      message = null;
    }
    if (client.user) {
      if ((message as { type?: unknown } | null)?.type === 'ping') {
        deliver(client, JSON.stringify({ type: 'ping', position: lastPosition, data: {} }));
      }
      return;
    }
    if (client.authenticating) return;
    const auth = LiveAuth.safeParse(message);
    if (!auth.success) return client.ws.close(CLOSE_UNAUTHORIZED, 'Authentication required');
    void login(client, auth.data.token, auth.data.hello === true);
  }

  function deliver(client: Client, data: string) {
    if (client.ws.readyState !== WebSocket.OPEN) return;
    if (client.ws.bufferedAmount > MAX_BUFFERED_BYTES) return client.ws.terminate();
    client.ws.send(data);
  }

  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
      void recheckClient(client);
    }
  }, heartbeatMs);
  heartbeat.unref();

  server.on('upgrade', onUpgrade);

  return {
    advance(position) {
      lastPosition = Math.max(lastPosition, position);
    },
    send(message, audience) {
      lastPosition = Math.max(lastPosition, message.position);
      const data = JSON.stringify(message);
      for (const client of clients) {
        if (client.user && reaches(audience, client.user)) deliver(client, data);
      }
    },
    async recheck(userId) {
      await Promise.all([...clients].filter((c) => c.user?.id === userId).map(recheckClient));
    },
    clientCount: () => clients.size,
    async close() {
      clearInterval(heartbeat);
      server.off('upgrade', onUpgrade);
      for (const client of clients) client.ws.close(1001, 'Server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      // Give the close handshakes a moment, then cut whoever did not answer.
      await new Promise((resolve) => setTimeout(resolve, clients.size ? 200 : 0));
      for (const client of clients) client.ws.terminate();
    },
  };
}

function reaches(audience: Audience, user: LiveUser): boolean {
  return Boolean(
    audience.everyone ||
    (audience.userId !== undefined && audience.userId === user.id) ||
    (audience.staff && STAFF_ROLES.includes(user.role)),
  );
}

/** No Origin (a non-browser client) passes; a browser's must be this host or explicitly allowed. */
export function originAllowed(req: IncomingMessage, allowedOrigins: string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (allowedOrigins.includes(origin)) return true;
  const host = req.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

function reject(socket: Duplex, status: number, reason: string) {
  socket.on('error', () => socket.destroy());
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
