/**
 * UI state that is neither server nor chain data: the open modal, the sidebar, sound, the age check, the
 * dismissed announcement and the player's seed for TailSpin and ReTail bets. One small store, persisted
 * under the local-storage keys of the SDK (the player's seed is not persisted: it lasts for the visit), and
 * read in React through {@link useUiState}.
 *
 * @module
 */

import { LOCAL_STORAGE_KEYS, SOUND_OFF_BY_DEFAULT } from '@arcade/sdk/constants';
import { useSyncExternalStore } from 'react';

/** The modals the shell can open; one at a time. */
export type ModalId = 'connect' | 'profile' | 'faq' | 'admin';

/** What the sidebar shows when it is open. */
export type SidebarTab = 'feed' | 'chat';

/** The UI state. */
export interface UiState {
  readonly modal: ModalId | null;
  readonly sidebarOpen: boolean;
  readonly sidebarTab: SidebarTab;
  readonly soundOff: boolean;
  readonly ageCheck: boolean;
  /** Version of the last announcement the user dismissed, or null. */
  readonly announcementDismissed: number | null;
  /**
   * The player's seed of the next TailSpin or ReTail bet (`create_bet`'s `player_seed`): 64 lowercase hex
   * digits, or null until the bet flow first draws one (`lib/wager-bet/utils/player-seed.ts`).
   */
  readonly playerSeed: string | null;
  /** The player set `playerSeed` themselves: it stays for every bet instead of being drawn anew after each. */
  readonly playerSeedFixed: boolean;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled (private mode): the state still holds for this visit.
  }
}

function initialState(): UiState {
  const sidebar = read(LOCAL_STORAGE_KEYS.sidebar);
  const soundOff = read(LOCAL_STORAGE_KEYS.soundOff);
  const dismissed = Number.parseInt(read(LOCAL_STORAGE_KEYS.announcementDismissed) ?? '', 10);
  return {
    modal: null,
    // Open by default on wide screens only, so a phone starts on the game.
    sidebarOpen:
      sidebar === null ? typeof window !== 'undefined' && window.innerWidth >= 1280 : sidebar === 'true',
    sidebarTab: 'feed',
    soundOff: soundOff === null ? SOUND_OFF_BY_DEFAULT : soundOff === 'true',
    ageCheck: read(LOCAL_STORAGE_KEYS.ageCheck) === 'true',
    announcementDismissed: Number.isInteger(dismissed) ? dismissed : null,
    playerSeed: null,
    playerSeedFixed: false,
  };
}

let state: UiState = initialState();
const listeners = new Set<() => void>();

function set(patch: Partial<UiState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

/** Subscribes to every change (React uses {@link useUiState}). */
export function subscribeUi(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current state, outside React. */
export function getUiState(): UiState {
  return state;
}

/** Reads a slice of the UI state and re-renders when it changes. */
export function useUiState<T>(select: (s: UiState) => T): T {
  return useSyncExternalStore(
    subscribeUi,
    () => select(state),
    () => select(state),
  );
}

/** Actions on the UI state; each persists what the spec says is persisted. */
export const ui = {
  openModal(modal: ModalId): void {
    set({ modal });
  },
  closeModal(): void {
    set({ modal: null });
  },
  setSidebarOpen(open: boolean): void {
    write(LOCAL_STORAGE_KEYS.sidebar, String(open));
    set({ sidebarOpen: open });
  },
  toggleSidebar(): void {
    ui.setSidebarOpen(!state.sidebarOpen);
  },
  setSidebarTab(sidebarTab: SidebarTab): void {
    set({ sidebarTab });
  },
  setSoundOff(soundOff: boolean): void {
    write(LOCAL_STORAGE_KEYS.soundOff, String(soundOff));
    set({ soundOff });
  },
  confirmAge(): void {
    write(LOCAL_STORAGE_KEYS.ageCheck, 'true');
    set({ ageCheck: true });
  },
  dismissAnnouncement(version: number): void {
    write(LOCAL_STORAGE_KEYS.announcementDismissed, String(version));
    set({ announcementDismissed: version });
  },
  /** Sets the player's seed (64 lowercase hex digits); `fixed` keeps it for every bet until changed. */
  setPlayerSeed(playerSeed: string, fixed: boolean): void {
    set({ playerSeed, playerSeedFixed: fixed });
  },
  /** Re-reads local storage (tests, and another tab's changes). */
  reload(): void {
    state = initialState();
    for (const listener of listeners) listener();
  },
};
