/** An IDL that cannot become a C header. Its message names the item at fault (instruction, type, field...). */
export class IdlError extends Error {
  override name = 'IdlError';
}
