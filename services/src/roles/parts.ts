import type http from 'node:http';
import type { Logger } from 'pino';
import type { Metrics } from '../api/metrics.js';
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

/** Listens on PORT and HOST; the URL it answers on (the port the system chose when PORT is 0). */
export async function listen(server: http.Server, config: Pick<Config, 'PORT' | 'HOST'>): Promise<string> {
  // A port in use or an address not of this machine rejects (it was an unhandled 'error' event: a stack trace).
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return `http://localhost:${typeof address === 'object' && address ? address.port : config.PORT}`;
}
