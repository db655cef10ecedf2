import { it } from 'vitest';
import { startNatsServer, storedEvents, until } from '../test-support/nats.js';
import { createNatsBus } from './nats.js';

it('debug', async () => {
  const server = await startNatsServer();
  const log = (lvl: string) => (o: object, m?: string) => console.log(Date.now() % 100000, lvl, m, JSON.stringify(o, (k, v) => (k === 'err' ? String(v) : v)));
  const logger = { info: log('info'), warn: log('warn'), error: log('error') };
  const names = { stream: 'DBG', subjectPrefix: 'dbg' };
  const pub = await createNatsBus({ url: server.url, ...names, publishTimeoutMs: 500 });
  const sub = await createNatsBus({ url: server.url, ...names, logger });
  const live = new Set<number>();
  await sub.subscribe('live', async (e) => void live.add(e.position), { durable: false });
  await pub.publish(storedEvents(1, 20));
  await until(() => live.size === 20);
  await server.kill();
  await new Promise((r) => setTimeout(r, 700));
  await server.restart();
  console.log(Date.now() % 100000, 'restarted');
  await until(async () => { try { await pub.publish(storedEvents(21, 60)); return true; } catch { return false; } }, 15000);
  console.log(Date.now() % 100000, 'published');
  await until(() => live.size === 60, 15000).catch((e) => console.log('live', live.size));
  await sub.close(); await pub.close(); await server.stop();
}, 60000);
