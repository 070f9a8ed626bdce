import { LOCAL_STORAGE_KEYS } from '@arcade/sdk/constants';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ui } from '../../lib/store.ts';
import { AnnouncementMarquee } from './announcement-marquee.tsx';
import { RightSidebar } from './right-sidebar.tsx';

// The feed and chat are other features with their own tests; the shell only decides which one shows.
vi.mock('../../features/feed/components/game-feed.tsx', () => ({ GameFeed: () => <p>feed panel</p> }));
vi.mock('../../features/chat/components/live-chat.tsx', () => ({ LiveChat: () => <p>chat panel</p> }));

afterEach(() => {
  act(() => {
    ui.reload();
  });
});

describe('announcement marquee', () => {
  it('hides on dismiss, stores the version, and shows again for a newer one', async () => {
    act(() => {
      ui.reload();
    });
    const { rerender } = render(
      <AnnouncementMarquee announcement={{ version: 3, text: 'Season two is live' }} />,
    );
    expect(screen.getByRole('complementary', { name: 'Announcement' }).textContent).toContain(
      'Season two is live',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).toBeNull();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.announcementDismissed)).toBe('3');

    // A reload (new visit) still remembers the dismissal.
    act(() => {
      ui.reload();
    });
    rerender(<AnnouncementMarquee announcement={{ version: 3, text: 'Season two is live' }} />);
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).toBeNull();
    rerender(<AnnouncementMarquee announcement={{ version: 2, text: 'Old news' }} />);
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).toBeNull();

    rerender(<AnnouncementMarquee announcement={{ version: 4, text: 'Season three' }} />);
    expect(screen.getByRole('complementary', { name: 'Announcement' }).textContent).toContain('Season three');
  });
});

describe('right sidebar', () => {
  it('toggles, persists `sidebar`, and switches tabs', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.sidebar, 'false');
    act(() => {
      ui.reload();
    });
    render(<RightSidebar />);
    expect(screen.queryByRole('complementary', { name: 'Feed and chat' })).toBeNull();

    act(() => {
      ui.toggleSidebar();
    });
    expect(screen.getByRole('complementary', { name: 'Feed and chat' })).toBeTruthy();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.sidebar)).toBe('true');

    const chatTab = screen.getByRole('tab', { name: 'Live Chat' });
    expect(screen.getByRole('tab', { name: 'Game Feed' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('feed panel');
    await userEvent.click(chatTab);
    expect(chatTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('chat panel');

    await userEvent.click(screen.getByRole('button', { name: 'Close sidebar' }));
    expect(screen.queryByRole('complementary', { name: 'Feed and chat' })).toBeNull();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.sidebar)).toBe('false');
  });
});
