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
  const ranges: Range[] = [];
  for (const entry of v.split(',').map((e) => e.trim())) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    if (!family || (bits !== undefined && !/^\d+$/.test(bits))) {
      throw new Error(`TRUST_PROXY: "${entry}" is neither a hop count nor an address or subnet`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
    ranges.push(range(address, family, Number(bits ?? (family === 4 ? 32 : 128))));
  }
  if (covers(ranges, MAPPED_IPV4) || covers(ranges, [0n, (1n << 128n) - 1n])) {
    throw new Error(`TRUST_PROXY: "${v}" trusts every address, so anyone could name any client; list the proxies`);
  }
  return { kind: 'addresses', list };
}

/** First and last address of a subnet, IPv4 as IPv4-mapped IPv6 (as BlockList matches them). */
type Range = [bigint, bigint];
const MAPPED_IPV4: Range = [0xffffn << 32n, (0xffffn << 32n) + 0xffffffffn];

function range(address: string, family: number, bits: number): Range {
  const start = family === 4 ? MAPPED_IPV4[0] + ipv4Number(address) : ipv6Number(address);
  const size = 1n << BigInt((family === 4 ? 32 : 128) - Math.min(bits, family === 4 ? 32 : 128));
  const first = start - (start % size);
  return [first, first + size - 1n];
}

const ipv4Number = (address: string) => address.split('.').reduce((n, part) => (n << 8n) + BigInt(part), 0n);

function ipv6Number(address: string): bigint {
  const dotted = /\d+\.\d+\.\d+\.\d+$/.exec(address);
  const v4 = dotted ? ipv4Number(dotted[0]) : 0n;
  const text = dotted
    ? `${address.slice(0, dotted.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`
    : address;
  const [head = '', tail] = text.split('::');
  const groups = (s: string) => (s ? s.split(':') : []);
  const filled =
    tail === undefined
      ? groups(head)
      : [...groups(head), ...Array<string>(8 - groups(head).length - groups(tail).length).fill('0'), ...groups(tail)];
  return filled.reduce((n, group) => (n << 16n) + BigInt(parseInt(group, 16)), 0n);
}

/** Whether the ranges together hold every address of `[first, last]`. */
function covers(ranges: Range[], [first, last]: Range): boolean {
  let next = first;
  for (const [start, end] of [...ranges].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    if (start > next) break;
    if (end >= next) next = end + 1n;
    if (next > last) return true;
  }
  return false;
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
