/** PLACEHOLDER: the shell work writes this route module. */
export function Component() {
  return null;
}
