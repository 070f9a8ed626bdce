/** A link failure. Its message names the symbol or section and the object file at fault. */
export class LinkError extends Error {
  override name = 'LinkError';
}
