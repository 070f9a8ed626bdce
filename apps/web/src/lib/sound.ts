/**
 * The app's sound effects, synthesised with the Web Audio API: nothing to download, and each sound is a
 * few oscillators shaped by gain envelopes.
 *
 * Browsers only let audio start after a user gesture, so the `AudioContext` is created on the first
 * pointer or key press ({@link installAudioUnlock}) and sounds before that are skipped, never queued:
 * a stale "win" played minutes later would mislead. Sound is off by default; the setting
 * lives in the UI store (`soundOff`), and {@link usePlaySound} respects it.
 *
 * @module
 */

import { useCallback, useEffect } from 'react';

import { getUiState } from './store.ts';

/** The sounds the app plays. */
export type SoundName = 'bet' | 'win' | 'loss' | 'tick';

/** Overall loudness: effects sit under whatever the user is listening to. */
const MASTER_VOLUME = 0.22;

let context: AudioContext | null = null;
let master: GainNode | null = null;
let unlockInstalled = false;

type AudioContextConstructor = new () => AudioContext;

function audioContextClass(): AudioContextConstructor | null {
  if (typeof window === 'undefined') return null;
  // Safari before 14.1 only has the prefixed name; some test environments have neither.
  const w = window as unknown as {
    AudioContext?: AudioContextConstructor;
    webkitAudioContext?: AudioContextConstructor;
  };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/**
 * Creates (or resumes) the audio context. Call it from a user gesture: outside one, browsers start the
 * context suspended.
 */
export function unlockAudio(): void {
  const Context = audioContextClass();
  if (Context === null) return;
  try {
    if (context === null) {
      context = new Context();
      master = context.createGain();
      master.gain.value = MASTER_VOLUME;
      master.connect(context.destination);
    }
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
  } catch {
    // No audio device, or audio blocked by policy: the app works silently.
    context = null;
    master = null;
  }
}

function onFirstGesture(): void {
  unlockAudio();
  window.removeEventListener('pointerdown', onFirstGesture, true);
  window.removeEventListener('keydown', onFirstGesture, true);
}

/** Creates the audio context on the first pointer or key press anywhere (once; later calls do nothing). */
export function installAudioUnlock(): void {
  if (unlockInstalled || typeof window === 'undefined') return;
  unlockInstalled = true;
  window.addEventListener('pointerdown', onFirstGesture, true);
  window.addEventListener('keydown', onFirstGesture, true);
}

interface Tone {
  /** Seconds after the sound starts. */
  readonly at: number;
  readonly duration: number;
  readonly frequency: number;
  /** Glides to this frequency over the tone, when set. */
  readonly to?: number;
  readonly type: OscillatorType;
  readonly volume: number;
  /** Attack, seconds. */
  readonly attack?: number;
}

function playTone(ctx: AudioContext, out: AudioNode, start: number, tone: Tone): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  const begin = start + tone.at;
  const end = begin + tone.duration;
  const attack = tone.attack ?? 0.005;
  osc.type = tone.type;
  osc.frequency.setValueAtTime(tone.frequency, begin);
  if (tone.to !== undefined) osc.frequency.exponentialRampToValueAtTime(tone.to, end);
  // Exponential ramps cannot reach 0: start and end a hair above silence, so no click.
  gain.gain.setValueAtTime(0.0001, begin);
  gain.gain.exponentialRampToValueAtTime(tone.volume, begin + attack);
  gain.gain.exponentialRampToValueAtTime(0.0001, end);
  osc.connect(gain);
  gain.connect(out);
  osc.start(begin);
  osc.stop(end + 0.02);
}

/** A short burst of band-passed noise: the "clack" of a chip landing. */
function playClack(ctx: AudioContext, out: AudioNode, at: number, centre: number, volume: number): void {
  const length = Math.floor(ctx.sampleRate * 0.03);
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / length) ** 3;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = centre;
  filter.Q.value = 4;
  const gain = ctx.createGain();
  gain.gain.value = volume;
  source.connect(filter);
  filter.connect(gain);
  gain.connect(out);
  source.start(at);
}

const SOUNDS: Readonly<Record<SoundName, (ctx: AudioContext, out: AudioNode, t: number) => void>> = {
  // Two chips tapping together: noise clacks with a bright, quickly falling ping under each.
  bet: (ctx, out, t) => {
    playClack(ctx, out, t, 3_200, 0.9);
    playTone(ctx, out, t, {
      at: 0,
      duration: 0.06,
      frequency: 2_100,
      to: 1_500,
      type: 'triangle',
      volume: 0.35,
    });
    playClack(ctx, out, t + 0.07, 2_600, 0.6);
    playTone(ctx, out, t, {
      at: 0.07,
      duration: 0.07,
      frequency: 1_700,
      to: 1_250,
      type: 'triangle',
      volume: 0.25,
    });
  },
  // A major arpeggio up an octave (C5 E5 G5 C6), then a held shimmer.
  win: (ctx, out, t) => {
    const notes = [523.25, 659.25, 783.99, 1_046.5];
    notes.forEach((frequency, i) => {
      playTone(ctx, out, t, { at: i * 0.075, duration: 0.22, frequency, type: 'triangle', volume: 0.5 });
      playTone(ctx, out, t, {
        at: i * 0.075,
        duration: 0.12,
        frequency: frequency * 2,
        type: 'sine',
        volume: 0.12,
      });
    });
    playTone(ctx, out, t, {
      at: 0.3,
      duration: 0.55,
      frequency: 1_567.98,
      type: 'sine',
      volume: 0.18,
      attack: 0.02,
    });
  },
  // A soft two-step fall (A4 → F4 → D4) on sine waves: a "womp", not an alarm.
  loss: (ctx, out, t) => {
    playTone(ctx, out, t, {
      at: 0,
      duration: 0.2,
      frequency: 440,
      to: 392,
      type: 'sine',
      volume: 0.45,
      attack: 0.02,
    });
    playTone(ctx, out, t, {
      at: 0.18,
      duration: 0.22,
      frequency: 349.23,
      to: 311.13,
      type: 'sine',
      volume: 0.4,
      attack: 0.02,
    });
    playTone(ctx, out, t, {
      at: 0.38,
      duration: 0.45,
      frequency: 293.66,
      to: 220,
      type: 'sine',
      volume: 0.35,
      attack: 0.03,
    });
  },
  tick: (ctx, out, t) => {
    playTone(ctx, out, t, { at: 0, duration: 0.035, frequency: 1_320, type: 'sine', volume: 0.3 });
  },
};

/**
 * Plays a sound now, whatever the setting (callers check it; see {@link usePlaySound}). Does nothing
 * before the first user gesture or without Web Audio.
 */
export function playSound(name: SoundName): void {
  if (context === null || master === null) return;
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  try {
    SOUNDS[name](context, master, context.currentTime + 0.01);
  } catch {
    // A closed or broken context: stay silent rather than break the feed or chat that asked.
  }
}

/**
 * A function that plays a sound unless the user turned sound off (read when it is called, so it is
 * stable). Also arms the audio context for the first gesture.
 */
export function usePlaySound(): (name: SoundName) => void {
  useEffect(() => {
    installAudioUnlock();
  }, []);
  return useCallback((name: SoundName) => {
    if (!getUiState().soundOff) playSound(name);
  }, []);
}
