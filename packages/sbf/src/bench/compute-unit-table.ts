/** The table the programs' benchmarks print: compute units per instruction against targets, and the binary size. */

export interface ComputeUnitRow {
  instruction: string;
  cu: bigint;
  target?: bigint;
  note?: string;
}

export interface ComputeUnitTable {
  /** e.g. "Foresight compute units (LiteSVM, deterministic keys)". */
  title: string;
  rows: readonly ComputeUnitRow[];
  /** The program binary: its file name, size, and the size target in KiB. */
  binary: { name: string; bytes: number; targetKiB: number };
}

/** Prints the table and, after it, which rows are over target. Figures only: it never fails the run. */
export function printComputeUnitTable(table: ComputeUnitTable): void {
  const number = (n: bigint | number) => n.toLocaleString('en-US');
  const header = ['instruction', 'CU', 'target', '', 'note'];
  const body = table.rows.map((r) => [
    r.instruction,
    number(r.cu),
    r.target === undefined ? '' : `≤ ${number(r.target)}`,
    r.target === undefined ? '' : r.cu <= r.target ? 'ok' : 'OVER',
    r.note ?? '',
  ]);
  const kib = table.binary.bytes / 1024;
  body.push([
    `${table.binary.name} size`,
    `${number(table.binary.bytes)} B = ${kib.toFixed(1)} KiB`,
    `≤ ${table.binary.targetKiB} KiB`,
    kib <= table.binary.targetKiB ? 'ok' : 'OVER',
    '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(table.title);
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of body) console.log(line(row));
  const over = body.filter((row) => row[3] === 'OVER').map((row) => row[0]);
  if (over.length > 0) console.log(`Over target: ${over.join(', ')}`);
}
