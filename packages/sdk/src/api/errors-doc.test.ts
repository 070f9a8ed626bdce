/**
 * `docs/reference/errors.md` lists every API error code with its name, number and status: this test reads
 * the doc's tables and fails when a code is missing, listed twice, or listed with another name or status.
 */

import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { API_ERROR_STATUS, ApiErrorCode, type ApiErrorName } from './error-codes.ts';

const DOC = new URL('../../../../docs/reference/errors.md', import.meta.url);

/** The rows of the doc's tables: `| code | `NAME` | status | …`. */
function documentedCodes(): { code: number; name: string; status: number }[] {
  const rows: { code: number; name: string; status: number }[] = [];
  for (const line of readFileSync(DOC, 'utf8').split('\n')) {
    const match = /^\|\s*(\d+)\s*\|\s*`([A-Z0-9_]+)`\s*\|\s*(\d{3})\s*\|/.exec(line);
    if (match !== null) rows.push({ code: Number(match[1]), name: match[2]!, status: Number(match[3]) });
  }
  return rows;
}

describe('docs/reference/errors.md', () => {
  const rows = documentedCodes();

  it('lists every code once', () => {
    const listed = rows.map((row) => row.name).sort();
    expect(listed).toEqual(Object.keys(ApiErrorCode).sort());
  });

  it('gives every code its number and its status', () => {
    for (const row of rows) {
      const code = ApiErrorCode[row.name as ApiErrorName];
      expect(row.code, row.name).toBe(code);
      expect(row.status, row.name).toBe(API_ERROR_STATUS[code]);
    }
  });
});
