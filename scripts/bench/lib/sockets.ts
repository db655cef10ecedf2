import WebSocket from 'ws';
import type { Customers } from '../../../services/src/faults/tests/traffic.js';
import { call } from '../../../services/src/faults/tests/support.js';
import { percentile } from './stats.js';

export interface LiveSocket {
  ws: WebSocket;
  messages: { type: string; position: number; data: any }[];
  close(): void;
}

/** Opens a socket and resolves once the server said hello (authenticated). */
export function openSocket(url: string, token: string, onMessage?: (m: any) => void): Promise<LiveSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/websockets`);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token, hello: true })));
    const messages: LiveSocket['messages'] = [];
    const timer = setTimeout(() => reject(new Error('socket hello timed out')), 15_000);
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString());
      if (m.type === 'hello') {
        clearTimeout(timer);
        resolve({ ws, messages, close: () => ws.terminate() });
        return;
      }
      messages.push(m);
      onMessage?.(m);
    });
    ws.on('error', reject);
  });
}

export async function openMany(url: string, tokens: readonly string[]): Promise<LiveSocket[]> {
  const out: LiveSocket[] = [];
  for (let i = 0; i < tokens.length; i += 50)
    out.push(...(await Promise.all(tokens.slice(i, i + 50).map((t) => openSocket(url, t)))));
  return out;
}

/**
 * With `crowd` barista sockets connected, places `samples` orders one at a time and measures
 * from the request to the staff socket's message about it, beside the HTTP answer's own time.
 */
export async function commandToSocket(url: string, c: Customers, from: number, samples: number, crowd = 200) {
  const sockets = await openMany(
    url,
    Array.from({ length: crowd }, () => c.barista),
  );
  const waiting = new Map<string, (at: number) => void>();
  const probe = await openSocket(url, c.barista, (m) => {
    if (m.type === 'orders' && m.data.status === 'ordered') waiting.get(m.data.user.id)?.(performance.now());
  });
  const socket: number[] = [];
  const answer: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      const u = from + i;
      const seen = new Promise<number>((resolve) => waiting.set(c.ids[u]!, resolve));
      const t0 = performance.now();
      const res = await call(url, 'POST', '/order', c.tokens[u], {
        menu_id: c.menus[i % c.menus.length],
        type: 'hot',
        sweetness: 50,
        remark: '',
        tumblerImage: c.image,
      });
      answer.push(performance.now() - t0);
      if (res.status !== 201) throw new Error(`order ${res.status}`);
      socket.push((await seen) - t0);
    }
  } finally {
    probe.close();
    for (const s of sockets) s.close();
  }
  return {
    p50: percentile(socket, 50),
    p99: percentile(socket, 99),
    answerP50: percentile(answer, 50),
    answerP99: percentile(answer, 99),
  };
}
