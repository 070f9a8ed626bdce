import { TOAST_DURATION_MS } from '@arcade/sdk/constants';
import { FAILURE_TOASTS, TOAST_TITLES } from '@arcade/sdk/messages';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, useToasts } from './toast.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => {
    toast.clear();
  });
  vi.useRealTimers();
});

describe('toast', () => {
  it('titles success and error toasts, not info ones', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast.info('Placing bet...');
      toast.success('Claimed successfully!');
      toast.error('Bet timed out!');
    });
    expect(result.current.map((t) => [t.kind, t.title, t.message])).toEqual([
      ['info', null, 'Placing bet...'],
      ['success', TOAST_TITLES.success, 'Claimed successfully!'],
      ['error', TOAST_TITLES.error, 'Bet timed out!'],
    ]);
  });

  it(`closes each toast after ${TOAST_DURATION_MS} ms`, () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast.success('first');
    });
    act(() => {
      vi.advanceTimersByTime(1_000);
      toast.error('second');
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1_001);
    });
    expect(result.current.map((t) => t.message)).toEqual(['first', 'second']);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.map((t) => t.message)).toEqual(['second']);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current).toEqual([]);
  });

  it('shows the caller message, then the error text, on failure', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast.failure(FAILURE_TOASTS.claimWinnings, new Error('User Rejected Transaction'));
    });
    expect(result.current.map((t) => [t.title, t.message])).toEqual([
      ['Error', 'Failed to claim winnings'],
      ['Error', 'User Rejected Transaction'],
    ]);
  });

  it('turns an info toast into its outcome and restarts its timer', () => {
    const { result } = renderHook(() => useToasts());
    let id = 0;
    act(() => {
      id = toast.info('Claiming...');
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
      toast.update(id, 'success', 'Claimed successfully!');
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(result.current).toEqual([
      { id, kind: 'success', title: 'Success', message: 'Claimed successfully!' },
    ]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toEqual([]);
  });

  it('pushes a new toast when updating one that already closed', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      const id = toast.info('Claiming...');
      toast.dismiss(id);
      toast.update(id, 'error', 'Failed to claim!');
    });
    expect(result.current.map((t) => [t.kind, t.message])).toEqual([['error', 'Failed to claim!']]);
  });
});
