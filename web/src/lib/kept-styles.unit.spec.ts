import { describe, expect, it } from 'vitest';
import { mergeKept, parseKept } from './kept-styles.js';

describe('parseKept', () => {
  it('reads the styles as written', () => {
    const kept = { '1abc2': ['.css-1abc2{color:red;}', '@media (min-width:600px){.css-1abc2{color:blue;}}'] };
    expect(parseKept(JSON.stringify(kept))).toEqual(kept);
  });

  it('reads nothing from a missing, broken or foreign value', () => {
    expect(parseKept(null)).toEqual({});
    expect(parseKept('{"1abc2": [".css')).toEqual({});
    expect(parseKept('[".css-1abc2{color:red;}"]')).toEqual({});
    expect(parseKept('"text"')).toEqual({});
  });

  it('drops a style whose name could break the tag naming it, or whose rules are not text', () => {
    const raw = JSON.stringify({ ok: ['.css-ok{}'], 'a b': ['.x{}'], '"><': ['.y{}'], bad: [1], none: 'x' });
    expect(parseKept(raw)).toEqual({ ok: ['.css-ok{}'] });
  });
});

describe('mergeKept', () => {
  const rule = (name: string, chars: number) => ({ [name]: [`.css-${name}{${'x'.repeat(chars)}}`] });

  it('keeps the styles kept before and those made since', () => {
    expect(mergeKept(rule('a', 10), rule('b', 10), 100)).toEqual({ ...rule('a', 10), ...rule('b', 10) });
  });

  it('takes a style made again as made now', () => {
    expect(mergeKept({ a: ['old'] }, { a: ['new'] }, 100)).toEqual({ a: ['new'] });
  });

  it('keeps only those made since when both together would pass the limit', () => {
    expect(mergeKept(rule('a', 60), rule('b', 30), 100)).toEqual(rule('b', 30));
  });

  it('keeps nothing when those made since alone pass the limit', () => {
    expect(mergeKept(rule('a', 10), rule('b', 200), 100)).toEqual({});
  });
});
