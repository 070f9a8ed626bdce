/**
 * Recorded upstream responses (test/fixtures) for the tests of the adapters that call mainnet services.
 *
 * @module
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const FIXTURES = join(import.meta.dirname, 'fixtures');

/** A recorded response body under test/fixtures (e.g. `jupiter/price-v3.json`), as text. */
export function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}
