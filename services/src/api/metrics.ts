import type { Middleware } from 'koa';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Figures read when Prometheus scrapes, from whatever this process runs. */
export interface MetricSources {
  projectionLag?: () => Promise<number>;
  relayLag?: () => Promise<number>;
  liveClients?: () => number;
}

export interface Metrics {
  registry: Registry;
  track(sources: MetricSources): void;
  eventsAppended: Counter;
  projectionLag: Gauge;
  relayLag: Gauge;
  liveClients: Gauge;
  middleware(): Middleware;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const eventsAppended = new Counter({
    name: 'events_appended_total',
    help: 'Events appended to the log',
    registers: [registry],
  });
  const sources: MetricSources = {};
  const projectionLag = new Gauge({
    name: 'projection_lag_events',
    help: 'Log head minus the slowest projection checkpoint',
    registers: [registry],
    async collect() {
      if (sources.projectionLag) this.set(await sources.projectionLag());
    },
  });
  const relayLag = new Gauge({
    name: 'relay_lag_events',
    help: 'Log head minus the relay checkpoint',
    registers: [registry],
    async collect() {
      if (sources.relayLag) this.set(await sources.relayLag());
    },
  });
  const liveClients = new Gauge({
    name: 'live_clients',
    help: 'Connected live sockets',
    registers: [registry],
    collect() {
      if (sources.liveClients) this.set(sources.liveClients());
    },
  });
  return {
    registry,
    track: (more) => Object.assign(sources, more),
    eventsAppended,
    projectionLag,
    relayLag,
    liveClients,
    middleware: () => async (ctx, next) => {
      const end = performance.now();
      try {
        await next();
      } finally {
        // The matched route pattern, never the raw path, keeps label cardinality bounded.
        const route =
          (ctx as unknown as { _matchedRoute?: string })._matchedRoute ??
          (ctx.path.startsWith('/api') ? 'unmatched' : 'static');
        requests.inc({ method: ctx.method, route, status: String(ctx.status) });
        latency.observe({ method: ctx.method, route }, (performance.now() - end) / 1000);
      }
    },
  };
}
