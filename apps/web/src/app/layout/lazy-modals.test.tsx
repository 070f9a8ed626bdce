import { UI_TEXT } from '@arcade/sdk/messages';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ui, useUiState } from '../../lib/store.ts';
import { DeferredAgeGate } from './lazy-age-gate.tsx';
import { LazyModals } from './lazy-modals.tsx';
import { LazyRightSidebar } from './lazy-right-sidebar.tsx';

// The dialogs are other features with their own tests; here they only need state and their modal id.
function fakeDialog(id: 'faq' | 'profile', title: string) {
  return function FakeDialog() {
    const open = useUiState((s) => s.modal === id);
    const [clicks, setClicks] = useState(0);
    if (!open) return null;
    return (
      <div role="dialog" aria-label={title}>
        <button
          type="button"
          onClick={() => {
            setClicks((c) => c + 1);
          }}
        >
          Clicked {clicks}
        </button>
      </div>
    );
  };
}

vi.mock('../../features/help/components/faq-modal.tsx', () => ({ FaqModal: fakeDialog('faq', 'Help') }));
vi.mock('../../features/profile/components/profile-modal.tsx', () => ({
  ProfileModal: fakeDialog('profile', 'Profile'),
}));
vi.mock('../../features/admin/components/admin-console.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module');
});
vi.mock('../../features/feed/components/game-feed.tsx', () => ({ GameFeed: () => <p>feed panel</p> }));
vi.mock('../../features/chat/components/live-chat.tsx', () => ({ LiveChat: () => <p>chat panel</p> }));

afterEach(() => {
  act(() => {
    localStorage.clear();
    ui.reload();
  });
});

describe('lazy dialogs', () => {
  it('loads a dialog on its first opening and keeps its state between openings', async () => {
    render(<LazyModals />);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => {
      ui.openModal('faq');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Help' });
    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0' }));
    expect(dialog.textContent).toBe('Clicked 1');

    act(() => {
      ui.closeModal();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      ui.openModal('faq');
    });
    expect(screen.getByRole('dialog', { name: 'Help' }).textContent).toBe('Clicked 1');

    // Another dialog takes the slot; the first stays closed.
    act(() => {
      ui.openModal('profile');
    });
    expect(await screen.findByRole('dialog', { name: 'Profile' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Help' })).toBeNull();
  });

  it('shows the generic error with a refresh when a dialog cannot load, and closes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<LazyModals />);
    act(() => {
      ui.openModal('admin');
    });
    const dialog = await screen.findByRole('dialog', { name: UI_TEXT.errorPage });
    // Under the generic title: the import's own error (vitest rewords it) and a refresh.
    expect(within(dialog).getByRole('alert').textContent).toContain('There was an error when mocking');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('lazy sidebar', () => {
  it('loads the feed and chat only once the sidebar opens', async () => {
    act(() => {
      ui.setSidebarOpen(false);
    });
    render(<LazyRightSidebar />);
    expect(screen.queryByRole('complementary', { name: 'Feed and chat' })).toBeNull();

    act(() => {
      ui.setSidebarOpen(true);
    });
    expect(await screen.findByText('feed panel')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Game Feed' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('deferred age gate', () => {
  it('comes up after the first paint for a new visitor', async () => {
    render(<DeferredAgeGate />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'Before you play' })).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('never shows once confirmed', async () => {
    act(() => {
      ui.confirmAge();
    });
    render(<DeferredAgeGate />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
