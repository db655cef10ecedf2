import {
  BaristaOrderPatch,
  CategoryCreateBody,
  DateParam,
  OrderQuery,
  PlaceOrderBody,
  REJECT_PRESETS,
  RegisterBody,
} from '@drinks/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { openApiDocument } from './openapi.js';

// A client generated from the OpenAPI document validates what the server does: for each rule the server checks in
// code, the document's JSON Schema accepts and refuses the same values as the contract's zod schema.

type Operation = {
  requestBody?: { content: Record<string, { schema: object }> };
  parameters?: { name: string; schema: object }[];
};
const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Operation>> };
const ajv = new Ajv2020({ strict: false });
addFormats.default(ajv);

function bodyOf(path: string, method: string): object {
  return doc.paths[path]![method]!.requestBody!.content['application/json']!.schema;
}
function queryOf(path: string, method: string, name: string): object {
  return doc.paths[path]![method]!.parameters!.find((p) => p.name === name)!.schema;
}

/** Each sample as [value, accepted by the document, accepted by the contract]. */
function verdicts(documented: object, contract: z.ZodType, samples: readonly unknown[]) {
  const check = ajv.compile(documented);
  return samples.map((s) => [s, check(s), contract.safeParse(s).success]);
}
const disagreements = (rows: unknown[][]) => rows.filter(([, byDoc, byServer]) => byDoc !== byServer);

describe('the OpenAPI document tells the rules the server enforces', () => {
  it('sweetness: one of the menu values or none', () => {
    const samples = [0, 10, 50, 200, null, 33, -1, 1000, 12.5].map((sweetness) => ({ menu_id: 'm1', sweetness }));
    const rows = verdicts(bodyOf('/api/order', 'post'), PlaceOrderBody, samples);
    expect(disagreements(rows)).toEqual([]);
    expect(rows.filter(([, ok]) => ok)).toHaveLength(5);
  });

  it('category and menu names: Latin or Thai letters and spaces, not starting with one, at most 25', () => {
    const names = ['Coffee', 'Iced Tea', 'ชาไทย', 'A'.repeat(25), ' Coffee', 'Coffee1', 'Café', '', 'A'.repeat(26)];
    const rows = verdicts(
      bodyOf('/api/category', 'post'),
      CategoryCreateBody,
      names.map((name) => ({ name, categoryFor: 'cafe' })),
    );
    expect(disagreements(rows)).toEqual([]);
    expect(rows.filter(([, ok]) => ok)).toHaveLength(4);
  });

  it("a person's name is not blank; an address is an address", () => {
    const body = (name: string, email: string) => ({ name, email, password: 'brew-line-42' });
    const samples = [body('Ann', 'ann@woxa.tech'), body('   ', 'ann@woxa.tech'), body('A'.repeat(21), 'a@woxa.tech')];
    samples.push(body('Ann', 'not-an-address'), body('Ann', 'ann@'), body('A\u0000b', 'a@woxa.tech'));
    samples.push(body('A\u202eb', 'a@woxa.tech'), body('\t', 'a@woxa.tech'), body('สมชาย ใจดี', 'a@woxa.tech'));
    const rows = verdicts(bodyOf('/api/auth/register', 'post'), RegisterBody, samples);
    expect(disagreements(rows)).toEqual([]);
    expect(rows.filter(([, ok]) => ok)).toHaveLength(2);
  });

  it('a reject reason: a preset, or up to 27 characters of its own, never blank or starting with a space', () => {
    const reasons = [...REJECT_PRESETS, 'Out of oat milk', 'x'.repeat(27), 'x'.repeat(28), ' Out of milk', ''];
    // Any space first, control characters; 14 emoji are 14 characters.
    reasons.push('\tOut of milk', '\u00a0Out of milk', 'Bad\u0000note', '\u{1F964}'.repeat(14));
    // Nothing to read: a zero-width space alone.
    reasons.push('\u200b', '\u200b\u200d');
    const rows = verdicts(
      bodyOf('/api/order/barista/{id}', 'patch'),
      BaristaOrderPatch,
      reasons.map((reject_note) => ({ status: 'rejected', reject_note })),
    );
    expect(disagreements(rows)).toEqual([]);
    expect(rows.filter(([, ok]) => ok)).toHaveLength(REJECT_PRESETS.length + 3);
  });

  it('a remark: up to 50 characters, none that reverses or hides what staff read after it', () => {
    const remarks = ['Less ice', '', 'x'.repeat(50), 'x'.repeat(51), 'Tab\there', 'Two\nlines'];
    remarks.push('\u202eevil', 'bell\u0007', 'esc\u001b[2J', 'iso\u2066late', 'nul\u0000');
    const rows = verdicts(
      bodyOf('/api/order', 'post'),
      PlaceOrderBody,
      remarks.map((remark) => ({ menu_id: 'm1', remark })),
    );
    expect(disagreements(rows)).toEqual([]);
    expect(rows.filter(([, ok]) => ok)).toHaveLength(5);
  });

  it('date parameters: an ISO date or an ISO instant', () => {
    const dates = ['2026-11-26', '2026-11-26T01:00:00.000Z', '2026-11-26T08:00:00+07:00', 'yesterday', '26/11/2026'];
    const rows = verdicts(queryOf('/api/order', 'get', 'startDate'), DateParam, dates);
    expect(disagreements(rows)).toEqual([]);
    expect(rows.filter(([, ok]) => ok)).toHaveLength(3);
  });

  it('a status filter: one status or several, comma-separated', () => {
    const statuses = ['ordered', 'in-progress', 'done,picked', 'ordered, in-progress', 'foo', 'done,foo', '', ','];
    const rows = verdicts(queryOf('/api/order', 'get', 'status'), OrderQuery.shape.status, statuses);
    expect(disagreements(rows)).toEqual([]);
    expect(rows.filter(([, ok]) => ok)).toHaveLength(4);
  });
});
