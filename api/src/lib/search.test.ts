import { describe, expect, it } from 'vitest';
import { searchWords } from './search';

describe('searchWords', () => {
  it('keeps a phone typed in pairs as one word, and other words apart', () => {
    expect(searchWords('06 78 12 34 56')).toEqual(['0678123456']);
    expect(searchWords('+33 6 78 12 34 56')).toEqual(['+33678123456']);
    expect(searchWords('Lefèvre 06-78-12-34-56')).toEqual(['Lefèvre', '0678123456']);
    expect(searchWords('pol 88 1203')).toEqual(['pol', '88', '1203']);
    expect(searchWords('durand, gf542dh')).toEqual(['durand', 'gf542dh']);
  });
});
