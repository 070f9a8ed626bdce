/**
 * What demo bots say in the chat: short, friendly lines, sometimes about what the bot just did. Every line
 * is plain one-line text within the chat's limit (`CHAT_MESSAGE_MAX_LENGTH`).
 *
 * @module
 */

import { CHAT_MESSAGE_MAX_LENGTH } from '@arcade/sdk/constants';

import { pick, type Random } from '../random.ts';

/** Something a bot did that it may talk about. */
export type BotEvent =
  | { readonly kind: 'tailspin-win'; readonly multiplier: number }
  | { readonly kind: 'tailspin-loss' }
  | { readonly kind: 'foresight-bet'; readonly side: 'up' | 'down' }
  | { readonly kind: 'foresight-paid' }
  | { readonly kind: 'prediction'; readonly shortName: string; readonly side: 'yes' | 'no' };

/** Lines about nothing in particular. */
export const SMALL_TALK: readonly string[] = Object.freeze([
  'gm everyone ☀️',
  'gm gm, who’s spinning today?',
  'Foresight round looking spicy 👀',
  'anyone else on the weekly SOL close market?',
  'that TailSpin dial never gets old',
  'low odds, big dreams 🚀',
  'playing small stakes today, vibes only',
  'who’s got Juice to claim today? 🧃',
  'nice to see the chat busy',
  'gl on your spins everyone 🍀',
  'the penalties market is a coin flip honestly',
  'SOL chart doing SOL things 📈',
  'checking the fairness page, every roll verifies ✅',
  'ReTail has some cute critters listed',
  'taking a break after this round',
  'wen 95% odds at 100x 😅',
  'love a good up/down round',
  'who’s betting down this round? brave',
  'remember: only play what you can lose',
  'ggs all',
]);

const LINES_OF: {
  readonly [K in BotEvent['kind']]: (event: Extract<BotEvent, { kind: K }>) => readonly string[];
} = {
  'tailspin-win': ({ multiplier }) => [
    `just hit ${multiplier.toFixed(2)}x on TailSpin 🎉`,
    `TailSpin paid ${multiplier.toFixed(2)}x, claimed ✅`,
    `${multiplier.toFixed(2)}x! the dial likes me today`,
  ],
  'tailspin-loss': () => ['missed that spin by a hair', 'the dial giveth and taketh', 'one more spin…'],
  'foresight-bet': ({ side }) =>
    side === 'up'
      ? ['went up on SOL this round 📈', 'calling up for this round', 'up only (this round at least)']
      : ['went down this round 📉', 'calling a dip this round', 'fading SOL for five minutes'],
  'foresight-paid': () => [
    'Foresight round paid out 🙌',
    'called it on Foresight',
    'collected my Foresight win',
  ],
  prediction: ({ shortName, side }) => [
    `${side === 'yes' ? 'Yes' : 'No'} on “${shortName}”, let’s see`,
    `took ${side === 'yes' ? 'Yes' : 'No'} on ${shortName}`,
    `${shortName}? I’m on ${side === 'yes' ? 'Yes' : 'No'}`,
  ],
};

/** Lines about `event`. */
export function linesAbout(event: BotEvent): readonly string[] {
  return (LINES_OF[event.kind] as (event: BotEvent) => readonly string[])(event);
}

/** `text` cut to the chat's limit, in code points. */
function fit(text: string): string {
  const points = Array.from(text);
  return points.length <= CHAT_MESSAGE_MAX_LENGTH
    ? text
    : `${points.slice(0, CHAT_MESSAGE_MAX_LENGTH - 1).join('')}…`;
}

/**
 * A line to post: about `event` most of the time when there is one, small talk otherwise.
 *
 * @example chatLine(random, { kind: 'tailspin-win', multiplier: 2 }) // 'just hit 2.00x on TailSpin 🎉', …
 */
export function chatLine(random: Random, event: BotEvent | null = null): string {
  const lines = event !== null && random() < 0.8 ? linesAbout(event) : SMALL_TALK;
  return fit(pick(random, lines));
}
