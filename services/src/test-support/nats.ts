import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredEvent } from '@drinks/contracts';
import { connect } from 'nats';

export interface TestNats {
  url: string;
  stream: string;
  subjectPrefix: string;
  /** Deletes this test's stream (and stops the container, when one was started). */
  cleanup(): Promise<void>;
}

/**
 * NATS for one test: NATS_URL first, else a container when a Docker daemon answers,
 * else the local server on 127.0.0.1:4222. Stream and subject prefix are unique per call.
 */
export async function testNats(): Promise<TestNats> {
  const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
  const stream = `TEST_${suffix}`;
  const subjectPrefix = `test_${suffix}`;
  let url = process.env.NATS_URL;
  let stopContainer: (() => Promise<void>) | undefined;
  if (!url && (await dockerAnswers())) {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('nats:2.10-alpine')
      .withCommand(['-js'])
      .withExposedPorts(4222)
      .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
      .start();
    url = `nats://${container.getHost()}:${container.getMappedPort(4222)}`;
    stopContainer = async () => void (await container.stop());
  }
  url ??= 'nats://127.0.0.1:4222';
  const resolvedUrl = url;
  return {
    url: resolvedUrl,
    stream,
    subjectPrefix,
    async cleanup() {
      if (stopContainer) return stopContainer();
      const nc = await connect({ servers: resolvedUrl, timeout: 2000 });
      try {
        const jsm = await nc.jetstreamManager();
        await jsm.streams.delete(stream).catch(() => false);
      } finally {
        await nc.close();
      }
    },
  };
}

async function dockerAnswers(): Promise<boolean> {
  if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock')) return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

export interface NatsServerProcess {
  url: string;
  readonly pid: number;
  port: number;
  /** SIGTERM, wait for exit, remove the store dir. */
  stop(): Promise<void>;
  /** SIGKILL (a crash); the store dir is kept for restart(). */
  kill(): Promise<void>;
  /** Start again on the same port and store dir. */
  restart(): Promise<void>;
}

const NATS_SERVER = '/usr/sbin/nats-server';

/** Spawns a private nats-server (JetStream, file store in a temp dir) for outage tests. */
export async function startNatsServer(): Promise<NatsServerProcess> {
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'nats-test-'));
  let child: ChildProcess | null = null;

  async function launch(): Promise<void> {
    const proc = spawn(NATS_SERVER, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], {
      stdio: 'ignore',
    });
    child = proc;
    await waitForPort(port, proc, 10_000);
  }

  async function signal(sig: NodeJS.Signals): Promise<void> {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    process.kill(proc.pid!, sig);
    await exited;
  }

  await launch();
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    get pid() {
      return child?.pid ?? -1;
    },
    async stop() {
      await signal('SIGTERM');
      rmSync(storeDir, { recursive: true, force: true });
    },
    kill: () => signal('SIGKILL'),
    async restart() {
      await signal('SIGTERM');
      await launch();
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, proc: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`nats-server exited with ${proc.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = tcpConnect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nats-server did not listen on ${port} within ${timeoutMs} ms`);
}

/** Stored events at positions from..to, with stable ids (the same position gives the same id). */
export function storedEvents(from: number, to: number, idPrefix = '00000000'): StoredEvent[] {
  const out: StoredEvent[] = [];
  for (let p = from; p <= to; p++) {
    out.push({
      type: 'ShopStatusChanged',
      data: { isCafeOpen: p % 2 === 0, isBarOpen: true },
      position: p,
      id: `${idPrefix}-0000-4000-8000-${String(p).padStart(12, '0')}`,
      tags: ['shop'],
      metadata: {},
      occurredAt: new Date(0).toISOString(),
      schemaVersion: 1,
    });
  }
  return out;
}

export async function until(ok: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Every event stored in `stream`, in stream order (for asserting exactly-once publication). */
export async function streamEvents(url: string, stream: string): Promise<StoredEvent[]> {
  const nc = await connect({ servers: url, timeout: 2000 });
  try {
    const jsm = await nc.jetstreamManager();
    const total = (await jsm.streams.info(stream)).state.messages;
    const out: StoredEvent[] = [];
    if (total === 0) return out;
    const consumer = await nc.jetstream().consumers.get(stream);
    const messages = await consumer.fetch({ max_messages: total, expires: 5000 });
    for await (const msg of messages) out.push(msg.json<StoredEvent>());
    return out;
  } finally {
    await nc.close();
  }
}
