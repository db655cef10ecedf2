import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { until } from '../test-support/nats.js';
import { createDeferredBus } from './deferred.js';
import { createInProcessBus } from './in-process.js';
import type { BusLogger } from './types.js';

describe('the deferred bus', () => {
  describe('when the first try is refused (a NATS stream of another database)', () => {
    it('rejects firstTry with the refusal and tries no more', async () => {
      let tries = 0;
      const bus = createDeferredBus(() => (tries++, Promise.reject(new ConfigError('NATS_STREAM: not yours'))), {
        maxDelayMs: 10,
      });
      await expect(bus.firstTry).rejects.toThrow('NATS_STREAM: not yours');
      await new Promise((r) => setTimeout(r, 50));
      expect(tries).toBe(1);
      await bus.close();
    });
  });

  describe('when NATS is down at the first try and refuses later', () => {
    it('resolves firstTry, logs the refusal as an error and keeps trying until it connects', async () => {
      const outcomes = [new Error('ECONNREFUSED'), new ConfigError('NATS_STREAM: not yours')];
      const errors: string[] = [];
      const logger: BusLogger = { info() {}, warn() {}, error: (_obj, msg) => void errors.push(msg ?? '') };
      const bus = createDeferredBus(
        async () => {
          const next = outcomes.shift();
          if (next) throw next;
          return createInProcessBus();
        },
        { logger, maxDelayMs: 10 },
      );
      await expect(bus.firstTry).resolves.toBeUndefined();
      await until(() => bus.connected(), 5_000);
      expect(errors).toEqual(['bus: refused']);
      await bus.close();
    });
  });
});
