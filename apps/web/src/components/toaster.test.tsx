import { TOAST_DURATION_MS } from '@arcade/sdk/constants';
import { FAILURE_TOASTS, SUCCESS_TOASTS } from '@arcade/sdk/messages';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/toast.ts';
import { Toaster } from './toaster.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => {
    toast.clear();
  });
  vi.useRealTimers();
});

function items(): HTMLElement[] {
  return within(screen.getByRole('region', { name: 'Notifications' })).queryAllByRole('listitem');
}

describe('Toaster', () => {
  it('renders an empty polite live region', () => {
    render(<Toaster />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveProperty('ariaLive', 'polite');
    expect(items()).toHaveLength(0);
  });

  it('shows each kind with its title, colour and icon', () => {
    render(<Toaster />);
    act(() => {
      toast.info('Sending transaction...');
      toast.success(SUCCESS_TOASTS.claimed);
      toast.error('Bet timed out!');
    });
    const [info, success, error] = items();
    expect(info?.dataset['kind']).toBe('info');
    expect(info?.textContent).toBe('Sending transaction...');
    expect(info?.querySelector('.animate-spin')).not.toBeNull();
    expect(success?.dataset['kind']).toBe('success');
    expect(success?.textContent).toBe('SuccessClaimed successfully!');
    expect(success?.className).toContain('border-win');
    expect(error?.dataset['kind']).toBe('error');
    expect(error?.textContent).toBe('ErrorBet timed out!');
    expect(error?.className).toContain('border-loss');
  });

  it('shows a failure as two error toasts in order', () => {
    render(<Toaster />);
    act(() => {
      toast.failure(FAILURE_TOASTS.claimWinnings, new Error('Unknown Error'));
    });
    expect(items().map((item) => item.textContent)).toEqual([
      'ErrorFailed to claim winnings',
      'ErrorUnknown Error',
    ]);
  });

  it(`closes toasts after ${TOAST_DURATION_MS} ms`, () => {
    render(<Toaster />);
    act(() => {
      toast.success(SUCCESS_TOASTS.updatedUsername);
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(items()).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(items()).toHaveLength(0);
  });

  it('closes a toast from its close button', () => {
    render(<Toaster />);
    act(() => {
      toast.success('one');
      toast.success('two');
    });
    const first = items()[0];
    if (!first) throw new Error('no toast');
    fireEvent.click(within(first).getByRole('button', { name: 'Close notification' }));
    expect(items().map((item) => item.textContent)).toEqual(['Successtwo']);
  });
});
