import { describe, expect, it } from 'vitest';
import { parseTrustProxy, resolveClientAddress } from './client-address.js';

describe('the client address', () => {
  describe('when no proxy is trusted', () => {
    it('is the socket peer, whatever X-Forwarded-For claims', () => {
      expect(resolveClientAddress('203.0.113.9', '1.2.3.4', parseTrustProxy(''))).toBe('203.0.113.9');
      expect(resolveClientAddress('203.0.113.9', '1.2.3.4', parseTrustProxy('false'))).toBe('203.0.113.9');
    });
  });

  describe('when one hop is trusted', () => {
    it('is the entry that proxy appended, not the leftmost one a client can forge', () => {
      const trust = parseTrustProxy('1');
      expect(resolveClientAddress('10.0.0.2', '6.6.6.6, 198.51.100.7', trust)).toBe('198.51.100.7');
      expect(resolveClientAddress('10.0.0.2', undefined, trust)).toBe('10.0.0.2');
    });
  });

  describe('when two hops are trusted', () => {
    it('skips the inner proxy too', () => {
      expect(resolveClientAddress('10.0.0.2', '6.6.6.6, 198.51.100.7, 10.0.0.9', parseTrustProxy('2'))).toBe(
        '198.51.100.7',
      );
    });
  });

  describe('when proxies are named by address', () => {
    const trust = parseTrustProxy('10.0.0.0/8, 192.0.2.1');
    it('walks back through trusted proxies only', () => {
      expect(resolveClientAddress('::ffff:10.0.0.2', '6.6.6.6, 198.51.100.7, 192.0.2.1', trust)).toBe('198.51.100.7');
    });
    it('ignores the header from an untrusted peer', () => {
      expect(resolveClientAddress('203.0.113.9', '1.2.3.4', trust)).toBe('203.0.113.9');
    });
  });

  it('refuses subnets that trust every address: the leftmost, client-written entry would be the client', () => {
    for (const everyone of ['0.0.0.0/0', '::/0', '10.0.0.1, 0.0.0.0/0', '0.0.0.0/1, 128.0.0.0/1', '::/1,8000::/1']) {
      expect(() => parseTrustProxy(everyone), everyone).toThrow(/TRUST_PROXY: .*every address/);
    }
    expect(() => parseTrustProxy('::ffff:0:0/96')).toThrow(/every address/);
    expect(parseTrustProxy('0.0.0.0/1, 10.0.0.0/8').kind).toBe('addresses');
    expect(() => parseTrustProxy('::/1')).toThrow(/every address/);
    expect(parseTrustProxy('8000::/1, fd00::/8, 10.0.0.0/8').kind).toBe('addresses');
  });

  it('refuses a value that is neither a hop count nor addresses', () => {
    expect(() => parseTrustProxy('everyone')).toThrow(/TRUST_PROXY/);
  });
});
