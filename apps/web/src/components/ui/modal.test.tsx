import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { Modal } from './modal.tsx';

function Harness({ onClose = true }: { readonly onClose?: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Open
      </button>
      <Modal open={open} title="Test dialog" {...(onClose ? { onClose: close } : {})}>
        <p>Body</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('moves focus into the dialog on the next frame, without scrolling, and returns it on close', async () => {
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Test dialog' });
    await waitFor(() => {
      expect(document.activeElement).toBe(dialog);
    });
    expect(focus.mock.contexts.find((context) => context === dialog)).toBe(dialog);
    const call = focus.mock.calls[focus.mock.contexts.indexOf(dialog)];
    expect(call?.[0]).toEqual({ preventScroll: true });

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    focus.mockRestore();
  });

  it('does not steal focus back when the dialog closes before the next frame', async () => {
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(trigger);
  });

  it('cannot be dismissed without onClose', async () => {
    render(<Harness onClose={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Test dialog' })).toBeTruthy();
  });
});
