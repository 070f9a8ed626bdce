/**
 * The bet flow TailSpin and ReTail share (wager program: one bet record per user): the house's limit, the
 * user's record, placing a bet, waiting for its result, claiming a win, and the sentences for failures.
 * This file is the module's public surface; the games import from it only.
 *
 * @module
 */

export { useBetRecord } from './api/get-bet-record.ts';
export { useHouseLimits } from './api/get-house-limits.ts';
export { useBetExtraCosts } from './hooks/use-bet-extra-costs.ts';
export { betExtraCosts, canAffordBet, notEnoughSolMessage, type BetExtraCosts } from './utils/bet-costs.ts';
export { betHistoryKey } from './api/get-bet-history.ts';
export { useClaimedBet, withClaimedBet, type ClaimedBet } from './api/claimed-bet.ts';
export { usePlaceBet, isBetFree, preflightBet, type PlaceBetArgs } from './hooks/use-place-bet.ts';
export { useBetOutcome, type BetOutcome } from './hooks/use-bet-outcome.ts';
export { useClaimBet, type ClaimBetArgs } from './hooks/use-claim-bet.ts';
export {
  betErrorMessage,
  BetPreflightError,
  failedOutsideWager,
  isUserRejection,
  LAST_BET_REVEALING,
  MIN_STAKE_TEXT,
  NO_SEED_TEXT,
  REFUND_EXPLANATION,
  REFUND_EXPLANATION_LATE,
  refundHurryText,
  USER_REJECTED,
  type BetPreflightCode,
} from './utils/bet-errors.ts';
export type { PlacedBet } from './utils/bet-outcome.ts';
export { OddsPicker, SkillBadge, ODDS_PRESETS, type OddsPickerProps } from './components/odds-picker.tsx';
export { BetBreakdown, type BreakdownRow } from './components/bet-breakdown.tsx';
export { FairnessDisclosure } from './components/fairness-disclosure.tsx';
export { RefundNotice } from './components/refund-notice.tsx';
export { RefundStatusView, REFUNDED_JUST_NOW } from './components/refund-status.tsx';
export {
  awaitsReveal,
  claimAmount,
  hashCaptured,
  indexedRefundStatus,
  lateWinOwed,
  mayAwaitRoll,
  pendingRefundRow,
  REFUND_AWAITS_REVEAL,
  REFUNDED_LOST,
  REFUNDED_PENDING,
  REFUNDED_VOID,
  refundedOwedText,
  refundedWonText,
  refundStatusDetail,
  refundStatusOf,
  refundStatusTitle,
  type IndexedBet,
  type RefundStatus,
} from './utils/refund.ts';
export { RollCheck, rollCheckText } from './components/roll-check.tsx';
