import { describe, expect, it } from 'vitest';
import { metricsAccess } from './metrics-access.js';

const ask = (remoteAddress: string, authorization = '') => ({
  req: { socket: { remoteAddress } },
  get: (field: string) => (field === 'Authorization' ? authorization : ''),
});

describe('metrics access on the app port', () => {
  describe('when nothing is configured', () => {
    const allowed = metricsAccess({ METRICS_TOKEN: undefined, METRICS_PORT: undefined });
    it('lets only this machine read them', () => {
      expect(allowed(ask('127.0.0.1'))).toBe('ok');
      expect(allowed(ask('::ffff:127.0.0.1'))).toBe('ok');
      expect(allowed(ask('203.0.113.5'))).toBe('not-found');
    });
  });
  describe('when a token is configured', () => {
    const allowed = metricsAccess({ METRICS_TOKEN: 'abc-0123456789-abcdef', METRICS_PORT: undefined });
    it('wants it from everyone', () => {
      expect(allowed(ask('127.0.0.1'))).toBe('unauthorized');
      expect(allowed(ask('203.0.113.5', 'Bearer abc-0123456789-abcdef'))).toBe('ok');
    });
  });
  describe('when a port of their own is configured', () => {
    it('hides them on the app port', () => {
      expect(metricsAccess({ METRICS_TOKEN: undefined, METRICS_PORT: 9100 })(ask('127.0.0.1'))).toBe('not-found');
    });
  });
});
