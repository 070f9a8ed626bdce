import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { useAdminToken } from '../hooks/use-admin-token.ts';
import { actionToasts } from '../utils/action-toasts.ts';
import { adminKeys } from './query-keys.ts';

/** The games the pause route knows: `wager` is the House (TailSpin, ReTail, Prophecy), then Foresight. */
export type PausableGame = 'wager' | 'foresight';

/** Input of {@link setPaused}. */
export interface SetPausedInput {
  readonly game: PausableGame;
  readonly paused: boolean;
}

/** The route's answer: the transaction that set the flag. */
export interface SetPausedResult {
  readonly game: PausableGame;
  readonly paused: boolean;
  readonly signature: string;
}

/** Display names of the pausable games. */
export const GAME_LABELS: Readonly<Record<PausableGame, string>> = {
  wager: 'the House',
  foresight: 'Foresight',
};

/** `POST /api/admin/pause`: pauses or resumes a game on chain. */
export function setPaused(token: string, input: SetPausedInput): Promise<SetPausedResult> {
  return api<SetPausedResult>('/api/admin/pause', { method: 'POST', token, body: input });
}

/** Pauses or resumes a game, with toasts; the House query refreshes after. */
export function useSetPaused() {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetPausedInput) => setPaused(token ?? '', input),
    ...actionToasts<SetPausedInput>({
      pending: (v) => `${v.paused ? 'Pausing' : 'Resuming'} ${GAME_LABELS[v.game]}…`,
      success: (v) => `${GAME_LABELS[v.game]} ${v.paused ? 'paused' : 'resumed'}`,
      failure: (v) => `Failed to ${v.paused ? 'pause' : 'resume'} ${GAME_LABELS[v.game]}`,
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.house() }),
  });
}
