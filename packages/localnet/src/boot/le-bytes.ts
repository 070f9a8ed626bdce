/**
 * Little-endian integers for the instruction data the boot code builds by hand (the loader's and the
 * lookup-table program's bincode layouts).
 *
 * @module
 */

/** `value` as 4 little-endian bytes. */
export function u32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, true);
  return bytes;
}

/** `value` as 8 little-endian bytes. */
export function u64(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
}
