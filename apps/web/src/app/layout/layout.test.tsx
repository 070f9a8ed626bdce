import { LOCAL_STORAGE_KEYS } from '@arcade/sdk/constants';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { setRuntimeConfig } from '../../config/runtime-config.ts';
import { getUiState, ui } from '../../lib/store.ts';
import { scrollRestorationKey } from './app-layout.tsx';
import { AnnouncementMarquee } from './announcement-marquee.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { LeftNav } from './left-nav.tsx';
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

describe('bottom nav "More" menu', () => {
  function show() {
    setRuntimeConfig({
      cluster: 'localnet',
      rpcUrl: '/rpc',
      rpcFallbackUrl: null,
      rpcWsUrl: '/rpc',
      programs: { wager: 'w', foresight: 'f' },
      mints: { juice: 'a', usdc: 'b', usdt: 'c' },
      priceAccount: 'p',
      admins: [],
      communityChatUrl: 'https://discord.example/invite',
      socialUrl: 'https://x.example/arcade',
      announcement: null,
    });
    localStorage.clear();
    act(() => {
      ui.reload();
    });
    render(
      <MemoryRouter>
        <BottomNav />
      </MemoryRouter>,
    );
    return screen.getByRole('button', { name: 'More' });
  }

  it('holds Help, the feed and chat, sound and the community chat', async () => {
    const more = show();
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    const menu = screen.getByRole('menu', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Help & FAQ' }));

    // Sound starts off and its switch persists `soundOff`.
    const sound = within(menu).getByRole('menuitemcheckbox', { name: 'Sound' });
    expect(sound.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(sound);
    expect(sound.getAttribute('aria-checked')).toBe('true');
    expect(getUiState().soundOff).toBe(false);
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.soundOff)).toBe('false');

    const community = within(menu).getByRole('menuitem', { name: /Community chat/ });
    expect(community.getAttribute('href')).toBe('https://discord.example/invite');
    expect(community.getAttribute('target')).toBe('_blank');

    await userEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Feed & chat' }));
    expect(getUiState().sidebarOpen).toBe(true);
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.click(more);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Help & FAQ' }));
    expect(getUiState().modal).toBe('faq');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('moves with the arrow keys and closes on Escape, back on the tab', async () => {
    const more = show();
    await userEvent.click(more);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('Feed & chat');
    await userEvent.keyboard('{End}');
    expect(document.activeElement?.textContent).toContain('Community chat');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('Help & FAQ');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);
  });

  it('links to History and Provably fair, and closes on the way', async () => {
    const more = show();
    await userEvent.click(more);
    const menu = screen.getByRole('menu', { name: 'More' });
    expect(within(menu).getByRole('menuitem', { name: 'History' }).getAttribute('href')).toBe('/history');
    const fair = within(menu).getByRole('menuitem', { name: 'Provably fair' });
    expect(fair.getAttribute('href')).toBe('/fairness');
    await userEvent.click(fair);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes when the user taps elsewhere', async () => {
    const more = show();
    await userEvent.click(more);
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('left nav', () => {
  it('lists the games, then History and Provably fair', () => {
    setRuntimeConfig({
      cluster: 'localnet',
      rpcUrl: '/rpc',
      rpcFallbackUrl: null,
      rpcWsUrl: '/rpc',
      programs: { wager: 'w', foresight: 'f' },
      mints: { juice: 'a', usdc: 'b', usdt: 'c' },
      priceAccount: 'p',
      admins: [],
      communityChatUrl: 'https://discord.example/invite',
      socialUrl: 'https://x.example/arcade',
      announcement: null,
    });
    render(
      <MemoryRouter initialEntries={['/history']}>
        <LeftNav />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['TailSpin', '/tailspin'],
      ['ReTail', '/retail'],
      ['Foresight', '/foresight/SOL'],
      ['Prophecy', '/prophecy'],
      ['History', '/history'],
      ['Provably fair', '/fairness'],
      ['Community', 'https://discord.example/invite'],
    ]);
    expect(within(nav).getByRole('link', { name: 'History' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('scrollRestorationKey', () => {
  it('keys a page loaded from the address bar by its URL, and an in-app navigation by its history entry', () => {
    // Every full page load has the router's key 'default': two different pages must not share a position.
    expect(scrollRestorationKey({ key: 'default', pathname: '/retail', search: '' })).toBe('/retail');
    expect(
      scrollRestorationKey({ key: 'default', pathname: '/retail/juice-critters', search: '?traits=%7B%7D' }),
    ).toBe('/retail/juice-critters?traits=%7B%7D');
    expect(scrollRestorationKey({ key: 'x7k2p', pathname: '/retail', search: '' })).toBe('x7k2p');
  });
});
