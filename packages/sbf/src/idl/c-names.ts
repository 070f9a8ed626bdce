/**
 * Turning IDL names into C names, and checking that they are usable there.
 *
 * @module
 */

import { IdlError } from './idl-error.ts';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** C17 keywords: a struct member or typedef with one of these names would not compile. */
const C_KEYWORDS: ReadonlySet<string> = new Set([
  'auto',
  'break',
  'case',
  'char',
  'const',
  'continue',
  'default',
  'do',
  'double',
  'else',
  'enum',
  'extern',
  'float',
  'for',
  'goto',
  'if',
  'inline',
  'int',
  'long',
  'register',
  'restrict',
  'return',
  'short',
  'signed',
  'sizeof',
  'static',
  'struct',
  'switch',
  'typedef',
  'union',
  'unsigned',
  'void',
  'volatile',
  'while',
]);

/**
 * snake_case of a snake_case, camelCase or PascalCase name; acronyms stay together.
 *
 * @example toSnakeCase('placeBet') === 'place_bet'; toSnakeCase('HTTPServer') === 'http_server'
 */
export function toSnakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** UPPER_SNAKE_CASE, the style of every generated macro. */
export function toUpperSnake(name: string): string {
  return toSnakeCase(name).toUpperCase();
}

/** PascalCase of a snake_case or camelCase name, for generated typedefs such as `PlaceBetArgs`. */
export function toPascalCase(name: string): string {
  return toSnakeCase(name)
    .split('_')
    .filter((part) => part !== '')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/**
 * Checks that an IDL name can be spelled in C. `what` describes the item for the error message.
 *
 * @throws {IdlError} when the name has characters C does not allow, starts with a digit, or is a keyword.
 */
export function checkIdlName(name: string, what: string): void {
  if (!IDENTIFIER.test(name)) {
    throw new IdlError(`${what}: name "${name}" is not a valid C identifier (use letters, digits and _)`);
  }
  if (C_KEYWORDS.has(toSnakeCase(name))) {
    throw new IdlError(`${what}: name "${name}" is a C keyword`);
  }
}

/**
 * Checks a finished C name: valid, and not one of the names the C standard reserves (leading `__` or `_X`).
 *
 * @throws {IdlError}
 */
export function checkCIdentifier(name: string, what: string): void {
  if (!IDENTIFIER.test(name) || C_KEYWORDS.has(name)) {
    throw new IdlError(`${what}: "${name}" is not a valid C identifier`);
  }
  if (/^_[A-Z_]/.test(name)) {
    throw new IdlError(`${what}: "${name}" is reserved by the C standard (leading underscore)`);
  }
}
