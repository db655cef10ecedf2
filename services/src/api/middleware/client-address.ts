import { BlockList, isIP } from 'node:net';
import type { Middleware } from 'koa';

/** Which peers may say who the client is (TRUST_PROXY): none, the nearest N hops, or listed addresses. */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; list: BlockList };

const plain = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return { kind: 'none' };
  if (v === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(v)) return { kind: 'hops', hops: Number(v) };
  const list = new BlockList();
  for (const entry of v.split(',').map((e) => e.trim())) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    if (!family || (bits !== undefined && !/^\d+$/.test(bits))) {
      throw new Error(`TRUST_PROXY: "${entry}" is neither a hop count nor an address or subnet`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return { kind: 'addresses', list };
}

function trusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The address that the outermost trusted proxy saw. Entries left of it in X-Forwarded-For come from the
 * client and prove nothing, so the leftmost entry is never taken on trust.
 */
export function resolveClientAddress(peer: string, forwardedFor: string | undefined, trust: TrustProxy): string {
  let address = plain(peer);
  if (trust.kind === 'none' || !forwardedFor) return address;
  const chain = forwardedFor.split(',').map(plain).filter(Boolean);
  if (trust.kind === 'hops') {
    for (let i = 0; i < trust.hops && chain.length > 0; i++) address = chain.pop()!;
    return address;
  }
  while (trusted(trust.list, address) && chain.length > 0) address = chain.pop()!;
  return address;
}

/** Sets ctx.ip once for every later middleware (the app runs with Koa's own proxy trust off). */
export function clientAddress(trust: TrustProxy): Middleware {
  return (ctx, next) => {
    ctx.request.ip = resolveClientAddress(ctx.req.socket.remoteAddress ?? '', ctx.get('X-Forwarded-For'), trust);
    return next();
  };
}
