import { deepStrictEqual, fail } from 'node:assert/strict';
import type { DomainEvent, ErrorCode, NewEvent } from '@drinks/contracts';
import { AppError } from '../errors.js';
import type { Decider } from './decider.js';

/** What a refusal must look like; fields left out are not checked. */
export interface ExpectedError {
  status?: number;
  code?: ErrorCode;
  /** Paths that `errors` must list (a ValidationError). */
  paths?: string[];
}

/**
 * Given/when/then for deciders, free of any test framework:
 *   spec(decider).given([...events]).when(command).then([...events])
 *   ….thenEmits()   ….thenNothing()   ….thenThrows({ status: 409, code: 'SHOP_OPEN' })
 */
export function spec<C, S>(decider: Decider<C, S>) {
  return {
    given(events: readonly DomainEvent[] = []) {
      return {
        when(command: C) {
          const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState));
          return {
            then(expected: readonly NewEvent[]): NewEvent[] {
              const actual = run();
              deepStrictEqual(actual, expected);
              return actual;
            },
            /** At least one event; returned for a closer look at a few fields. */
            thenEmits(): NewEvent[] {
              const actual = run();
              if (actual.length === 0) fail('expected events but the decider emitted none');
              return actual;
            },
            thenNothing(): void {
              deepStrictEqual(run(), []);
            },
            thenThrows(expected: ExpectedError): AppError {
              let produced: NewEvent[];
              try {
                produced = run();
              } catch (error) {
                if (!(error instanceof AppError)) throw error;
                const actual: ExpectedError = { status: error.status, code: error.code };
                if (expected.paths) actual.paths = [...new Set((error.errors ?? []).map((e) => e.path))].sort();
                const wanted = {
                  ...expected,
                  ...(expected.paths ? { paths: [...new Set(expected.paths)].sort() } : {}),
                };
                deepStrictEqual(pick(actual, Object.keys(wanted)), wanted);
                return error;
              }
              return fail(`expected an error ${JSON.stringify(expected)} but got ${JSON.stringify(produced)}`);
            },
          };
        },
      };
    },
  };
}

function pick(value: ExpectedError, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, value[k as keyof ExpectedError]]));
}
