import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('writes one text whatever the order of the keys, at every level', () => {
    const a = { b: 1, a: { d: [{ y: 2, x: 1 }], c: 'é' } };
    const b = { a: { c: 'é', d: [{ x: 1, y: 2 }] }, b: 1 };
    expect(canonicalJson(a)).toBe('{"a":{"c":"é","d":[{"x":1,"y":2}]},"b":1}');
    expect(canonicalJson(b)).toBe(canonicalJson(a));
  });

  it('leaves undefined members out, keeps null, writes dates in ISO and refuses a non-finite number', () => {
    expect(canonicalJson({ a: undefined, b: null, at: new Date('2026-11-24T10:00:00Z') })).toBe(
      '{"at":"2026-11-24T10:00:00.000Z","b":null}',
    );
    expect(() => canonicalJson({ n: Number.NaN })).toThrow();
  });
});
