import { describe, expect, it } from 'vitest';

import { roundLength } from './round-length.ts';

describe('roundLength', () => {
  it('says the configured length: whole minutes, else seconds', () => {
    expect(roundLength(300)).toBe('5 min');
    expect(roundLength(60)).toBe('1 min');
    expect(roundLength(90)).toBe('90 s');
    expect(roundLength(12)).toBe('12 s');
  });
});
