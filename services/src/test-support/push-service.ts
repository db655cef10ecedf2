import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from './process.js';

/** A subscription as the test push service hands it out: what a browser's toJSON() gives, plus its handle. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface TestPushService {
  url: string;
  pid: number;
  /** A new subscription for `applicationServerKey` (the VAPID public key), as pushManager.subscribe makes. */
  subscribe(applicationServerKey: string): Promise<TestSubscription>;
  /** From now on the service answers 410 Gone for this subscription. */
  expire(clientHash: string): Promise<void>;
  /** The decrypted payloads received for this subscription, oldest first. */
  messages(clientHash: string): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * The `web-push-testing` push service (a real RFC 8030/8291 endpoint that checks VAPID and decrypts) on a
 * free port, in a child process of its own; `stop` ends it by its pid.
 */
export async function startTestPushService(): Promise<TestPushService> {
  const require = createRequire(import.meta.url);
  const bin = join(dirname(require.resolve('web-push-testing/package.json')), 'src', 'bin', 'server.js');
  const port = await freePort();
  const child = spawn(process.execPath, [bin, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web-push-testing did not start: ${output}`)), 15_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`web-push-testing exited (${code}): ${output}`));
    });
  });
  const url = `http://localhost:${port}`;
  const post = async (path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`push service ${path}: ${res.status} ${text}`);
    // /expire-subscription answers a bare "OK".
    return (res.headers.get('content-type') ?? '').includes('json')
      ? (JSON.parse(text) as { data: unknown })
      : { data: undefined };
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    pid: child.pid!,
    async subscribe(applicationServerKey) {
      return (await post('/subscribe', { applicationServerKey })).data as TestSubscription;
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`);
    },
    async messages(clientHash) {
      return ((await post('/get-notifications', { clientHash })).data as { messages: string[] }).messages;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(child.pid!, 'SIGTERM');
      await exited;
    },
  };
}
