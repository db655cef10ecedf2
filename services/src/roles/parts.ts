import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { Metrics } from '../api/metrics.js';
import { problem } from '../api/middleware/error-handler.js';
import type { Bus, Subscription } from '../bus/types.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { EventStore } from '../store/types.js';

/** What every role of a process shares: opened once by startServer, closed by it in reverse. */
export interface ProcessParts {
  config: Config;
  clock: Clock;
  logger: Logger;
  db: Db;
  store: EventStore;
  bus: Bus;
  metrics: Metrics;
  /** Run in reverse order when the process closes. */
  closers: (() => Promise<unknown>)[];
  subscriptions: Subscription[];
}

const UNREADABLE = {
  HPE_HEADER_OVERFLOW: [431, 'HEADERS_TOO_LARGE', 'The URL or headers are too long.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'VALIDATION_FAILED', 'The request took too long to arrive.'],
} as const;
const NOT_HTTP = [400, 'VALIDATION_FAILED', 'The request could not be read as HTTP.'] as const;

/**
 * Node answers a request it cannot parse (a URL or headers over its limit, broken HTTP) itself, before
 * any Koa middleware, with a status and no body: here with problem details like every other error.
 */
function answerUnreadable(err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, detail] = UNREADABLE[err.code as keyof typeof UNREADABLE] ?? NOT_HTTP;
  const body = problem(status, code, detail);
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${body.title}\r\nContent-Type: application/problem+json\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}

/** Node drops a CONNECT (a proxy tunnel request) without a word when nobody listens for it: say it is refused. */
function answerConnect(_req: http.IncomingMessage, socket: Duplex) {
  socket.on('error', () => socket.destroy());
  const body = problem(405, 'METHOD_NOT_ALLOWED', 'CONNECT is not allowed here.');
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 405 ${body.title}\r\nContent-Type: application/problem+json\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}

/** Listens on PORT and HOST; the URL it answers on (the port the system chose when PORT is 0). */
export async function listen(server: http.Server, config: Pick<Config, 'PORT' | 'HOST'>): Promise<string> {
  server.on('clientError', answerUnreadable);
  server.on('connect', answerConnect);
  // A port in use or an address not of this machine rejects (it was an unhandled 'error' event: a stack trace).
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // Every interface or a loopback one: localhost reaches it. A given address: only that one does.
  const host = LOCAL_HOSTS.has(config.HOST)
    ? 'localhost'
    : config.HOST.includes(':')
      ? `[${config.HOST}]`
      : config.HOST;
  return `http://${host}:${port}`;
}

const LOCAL_HOSTS = new Set(['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']);
