import { LOCAL_STORAGE_KEYS } from '@arcade/sdk/constants';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { usePlaySound } from '../../../lib/sound.ts';
import { getUiState, ui } from '../../../lib/store.ts';
import { SoundToggle } from './sound-toggle.tsx';

/** A Web Audio stand-in that records the oscillators started. */
class FakeAudioContext {
  static instances = 0;
  static started = 0;
  state = 'running';
  currentTime = 0;
  sampleRate = 8_000;
  destination = {};
  constructor() {
    FakeAudioContext.instances += 1;
  }
  resume() {
    return Promise.resolve();
  }
  private param() {
    return {
      value: 0,
      setValueAtTime: () => undefined,
      exponentialRampToValueAtTime: () => undefined,
    };
  }
  createGain() {
    return { gain: this.param(), connect: () => undefined };
  }
  createOscillator() {
    return {
      type: 'sine',
      frequency: this.param(),
      connect: () => undefined,
      start: () => {
        FakeAudioContext.started += 1;
      },
      stop: () => undefined,
    };
  }
  createBiquadFilter() {
    return { type: 'bandpass', frequency: this.param(), Q: this.param(), connect: () => undefined };
  }
  createBuffer(_channels: number, length: number) {
    return { getChannelData: () => new Float32Array(length) };
  }
  createBufferSource() {
    return { buffer: null, connect: () => undefined, start: () => undefined };
  }
}

beforeEach(() => {
  FakeAudioContext.instances = 0;
  FakeAudioContext.started = 0;
  vi.stubGlobal('AudioContext', FakeAudioContext);
  ui.reload();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SoundToggle', () => {
  it('is off by default', () => {
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.soundOff)).toBeNull();
    render(<SoundToggle />);
    const button = screen.getByRole('button', { name: 'Sound' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.getAttribute('title')).toBe('Turn sound on');
    expect(getUiState().soundOff).toBe(true);
  });

  it('turns sound on and off, persisted under the soundOff key, with a tick to confirm', async () => {
    const user = userEvent.setup();
    render(<SoundToggle />);
    const button = screen.getByRole('button', { name: 'Sound' });
    await user.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.soundOff)).toBe('false');
    // The click created the audio context and played the tick.
    expect(FakeAudioContext.instances).toBe(1);
    expect(FakeAudioContext.started).toBeGreaterThan(0);
    await user.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.soundOff)).toBe('true');
  });
});

describe('usePlaySound', () => {
  it('stays silent while sound is off, and plays once it is on', () => {
    // An audio context exists (an earlier test or gesture made one); only the setting decides.
    const { result } = renderHook(() => usePlaySound());
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
    });
    const before = FakeAudioContext.started;
    result.current('win');
    expect(FakeAudioContext.started).toBe(before);
    act(() => {
      ui.setSoundOff(false);
    });
    result.current('win');
    expect(FakeAudioContext.started).toBeGreaterThan(before);
  });
});
