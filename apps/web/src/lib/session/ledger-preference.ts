/**
 * The "Using a Ledger" switch: a Ledger cannot sign messages, so sign-in signs a memo transaction
 * instead. Kept for this tab in session storage (the spec fixes the local-storage keys).
 *
 * @module
 */

import { useSyncExternalStore } from 'react';

const KEY = 'arcade:ledger';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return sessionStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

let ledger = read();

/** Whether the user said they sign with a Ledger. */
export function getLedgerPreference(): boolean {
  return ledger;
}

/** Sets the Ledger switch. */
export function setLedgerPreference(value: boolean): void {
  ledger = value;
  try {
    if (value) sessionStorage.setItem(KEY, 'true');
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage disabled: the switch holds for this page
  }
  for (const listener of listeners) listener();
}

/** The Ledger switch and its setter. */
export function useLedgerPreference(): readonly [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => ledger,
    () => ledger,
  );
  return [value, setLedgerPreference] as const;
}
