import { describe, expect, it } from 'vitest';

import { validateUsername } from './validate-username.ts';

describe('validateUsername', () => {
  it('gives the username messages in their order', () => {
    expect(validateUsername('')).toBe('Username cannot be empty');
    expect(validateUsername('   ')).toBe('Username cannot be empty');
    expect(validateUsername('a'.repeat(16))).toBe('Username cannot be longer than 15 characters');
    // Too long and bad characters: length is checked first.
    expect(validateUsername('bad name!bad name!')).toBe('Username cannot be longer than 15 characters');
    expect(validateUsername('degen 42')).toBe('Only letters, digits, _ and @ are allowed');
    expect(validateUsername('moon🚀')).toBe('Only letters, digits, _ and @ are allowed');
  });

  it('accepts letters, digits, _ and @ up to 15 characters', () => {
    expect(validateUsername('a'.repeat(15))).toBeNull();
    expect(validateUsername('Degen_42@sol')).toBeNull();
    expect(validateUsername('  trimmed  ')).toBeNull();
  });

  it('counts an emoji as one character, as the server does', () => {
    expect(validateUsername('🚀'.repeat(15))).toBe('Only letters, digits, _ and @ are allowed');
    expect(validateUsername('🚀'.repeat(16))).toBe('Username cannot be longer than 15 characters');
  });
});

describe('validateUsername with the shared text rule', () => {
  it('refuses invisible characters and other scripts with the characters message', () => {
    expect(validateUsername('ad\u200bmin')).toBe('Only letters, digits, _ and @ are allowed');
    expect(validateUsername('\u0430dmin')).toBe('Only letters, digits, _ and @ are allowed');
    expect(validateUsername('\u2800')).toBe('Username cannot be empty');
  });
});
