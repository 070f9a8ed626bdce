import { getAddressDecoder, getBase64Decoder, type Address, type ReadonlyUint8Array } from '@solana/kit';
import { describe, expect, it } from 'vitest';

import { getCustomErrorCodeFromLogs, getProgramDataLogs, parseProgramEvents } from './program-logs.ts';

const PROGRAM: Address = getAddressDecoder().decode(new Uint8Array(32).fill(1));
const OTHER: Address = getAddressDecoder().decode(new Uint8Array(32).fill(2));
const data = (...bytes: number[]) => `Program data: ${getBase64Decoder().decode(Uint8Array.from(bytes))}`;

describe('parseProgramEvents', () => {
  const decode = (bytes: ReadonlyUint8Array) => {
    if (bytes[0] === 0xff) throw new RangeError('bad body');
    return bytes[0] === 7 ? { first: bytes[0], length: bytes.length } : null;
  };

  it("decodes the program's single-field payloads, skipping what decode refuses or throws on", () => {
    const logs = [
      `Program ${PROGRAM} invoke [1]`,
      data(7, 1),
      data(8),
      data(0xff),
      `${data(7)} ${getBase64Decoder().decode(Uint8Array.of(7))}`,
      'Program data: %%%',
      `Program ${OTHER} invoke [2]`,
      data(7, 2, 3),
      `Program ${OTHER} success`,
      data(7, 2, 3, 4),
      `Program ${PROGRAM} success`,
    ];
    expect(parseProgramEvents(logs, PROGRAM, decode)).toEqual([
      { first: 7, length: 2 },
      { first: 7, length: 4 },
    ]);
    expect(getProgramDataLogs(logs, OTHER)).toHaveLength(1);
  });
});

describe('getCustomErrorCodeFromLogs', () => {
  it('reads the hex code of the innermost failure', () => {
    const logs = [`Program ${PROGRAM} invoke [1]`, `Program ${PROGRAM} failed: custom program error: 0x1770`];
    expect(getCustomErrorCodeFromLogs(logs, PROGRAM)).toBe(6000);
    expect(getCustomErrorCodeFromLogs(logs, OTHER)).toBeNull();
  });
});
