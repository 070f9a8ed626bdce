/**
 * The Anchor framework errors the C SDK logs (include/sol/anchor-error.h) are anchor-lang's own, name,
 * number and message, so `AnchorError.parse` in an unmodified Anchor client reads our lines as it reads an
 * Anchor program's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { AnchorError, LangErrorCode, LangErrorMessage } from '@coral-xyz/anchor';
import { describe, expect, it } from 'vitest';

import { SDK_INCLUDE } from '../src/build/build-program.ts';

const header = readFileSync(join(SDK_INCLUDE, 'sol', 'anchor-error.h'), 'utf8');
const entries = [...header.matchAll(/SOL_ANCHOR_ENTRY_\((\d+), "(\w+)", "([^"]*)"\)/g)].map((m) => ({
  code: Number(m[1]),
  name: m[2]!,
  message: m[3]!,
}));
const errorMacros = readFileSync(join(SDK_INCLUDE, 'sol', 'error.h'), 'utf8');
const returned = [...errorMacros.matchAll(/#define ANCHOR_ERROR_\w+ ERROR_CUSTOM\((\d+)\)/g)].map((m) =>
  Number(m[1]),
);

describe('Anchor framework error lines', () => {
  it('cover every Anchor code the SDK can return', () => {
    expect(returned.length).toBeGreaterThan(10);
    expect(new Set(entries.map((e) => e.code))).toEqual(new Set(returned));
  });

  it("use anchor-lang's names and messages", () => {
    for (const { code, name, message } of entries) {
      expect(LangErrorCode[name as keyof typeof LangErrorCode], name).toBe(code);
      expect(LangErrorMessage.get(code), name).toBe(message);
    }
  });

  it("are read back by Anchor's own parser", () => {
    for (const { code, name, message } of entries) {
      const line = `Program log: AnchorError occurred. Error Code: ${name}. Error Number: ${code}. Error Message: ${message}.`;
      const program = 'CsvPf6BGTAfi41qVFSgtwo4L1ep5GGuJ5TbAypyRbWeG';
      const parsed = AnchorError.parse([`Program ${program} invoke [1]`, line, `Program ${program} failed`]);
      expect(parsed?.error.errorCode).toEqual({ code: name, number: code });
      expect(parsed?.error.errorMessage).toBe(message);
    }
  });
});
