/**
 * The games that have a help text and their display names: apart from the rules themselves, so the "How
 * to play" button and its dialog's title cost nothing until the rules are opened.
 *
 * @module
 */

/** The games that have a help text. */
export type HelpGame = 'tailspin' | 'retail' | 'foresight' | 'prophecy';

/** Display names of the games. */
export const GAME_NAMES: Readonly<Record<HelpGame, string>> = Object.freeze({
  tailspin: 'TailSpin',
  retail: 'ReTail',
  foresight: 'Foresight',
  prophecy: 'Prophecy',
});
