/**
 * Toasts (docs/reference/strings.md#toasts): info (blue, with a spinner), success (green, titled Success) and
 * error (red, titled Error). Each closes after {@link TOAST_DURATION_MS}; an info toast can be turned into
 * the outcome of the action it announced with {@link toast.update}.
 *
 * @module
 */

import { TOAST_DURATION_MS } from '@arcade/sdk/constants';
import { TOAST_TITLES } from '@arcade/sdk/messages';
import { useSyncExternalStore } from 'react';

import { errorText } from './error-text.ts';

/** The three kinds of toast. */
export type ToastKind = 'info' | 'success' | 'error';

/** One toast on screen. */
export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  /** 'Success' or 'Error'; info toasts have none. */
  readonly title: string | null;
  readonly message: string;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function titleOf(kind: ToastKind): string | null {
  return kind === 'info' ? null : TOAST_TITLES[kind];
}

function schedule(id: number): void {
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => {
      toast.dismiss(id);
    }, TOAST_DURATION_MS),
  );
}

function push(kind: ToastKind, message: string): number {
  const id = nextId++;
  toasts = [...toasts, { id, kind, title: titleOf(kind), message }];
  schedule(id);
  emit();
  return id;
}

/** Shows and dismisses toasts. */
export const toast = {
  info: (message: string): number => push('info', message),
  success: (message: string): number => push('success', message),
  error: (message: string): number => push('error', message),
  /**
   * A failed action: the caller's message, then the error's own text.
   *
   * @example toast.failure(FAILURE_TOASTS.updateUsername, error)
   */
  failure(callerMessage: string, error: unknown): void {
    push('error', callerMessage);
    push('error', errorText(error));
  },
  /** Turns a toast (usually an info one) into another kind and restarts its timer. */
  update(id: number, kind: ToastKind, message: string): void {
    if (!toasts.some((t) => t.id === id)) {
      push(kind, message);
      return;
    }
    toasts = toasts.map((t) => (t.id === id ? { id, kind, title: titleOf(kind), message } : t));
    schedule(id);
    emit();
  },
  dismiss(id: number): void {
    clearTimeout(timers.get(id));
    timers.delete(id);
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  },
  clear(): void {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    toasts = [];
    emit();
  },
};

/** The toasts on screen, for the toaster. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}
