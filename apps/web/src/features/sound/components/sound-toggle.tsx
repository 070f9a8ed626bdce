/** PLACEHOLDER: replaced by its feature work, keeping this export. */
export function SoundToggle() {
  return null;
}
