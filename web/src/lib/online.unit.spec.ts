import { afterEach, describe, expect, it } from 'vitest';
import { isServerReachable, reportServerAnswer, reportServerReachable } from './online.js';

const answer = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers });

describe('reportServerAnswer: whether the server answered', () => {
  afterEach(() => reportServerReachable(true));

  it("counts a proxy's 502, 503 or 504 as the server down", () => {
    for (const status of [502, 503, 504]) {
      reportServerReachable(true);
      reportServerAnswer(answer(status));
      expect(isServerReachable(), String(status)).toBe(false);
    }
  });

  it('counts no answer at all as the server down, and any answer of its own as up again', () => {
    reportServerAnswer(null);
    expect(isServerReachable()).toBe(false);
    reportServerAnswer(answer(404, { 'X-Request-Id': 'r-1' }));
    expect(isServerReachable()).toBe(true);
  });

  it("counts the server's own 503 (read models behind, with its request id) as an answer, not as down", () => {
    reportServerAnswer(answer(503, { 'X-Request-Id': 'r-2', 'Retry-After': '1' }));
    expect(isServerReachable()).toBe(true);
  });
});
