import { FORESIGHT_SYMBOLS } from '@arcade/sdk/constants';
import type { ReactNode } from 'react';

import {
  FairIcon,
  ForesightIcon,
  HistoryIcon,
  HomeIcon,
  ProphecyIcon,
  RetailIcon,
  TailSpinIcon,
} from './nav-icons.tsx';

/** A route in the navigation. */
export interface NavRoute {
  readonly to: string;
  readonly label: string;
  /** A shorter label for the phone tab bar. */
  readonly short: string;
  readonly icon: ReactNode;
  /** Only the exact path counts as active (Home would match everything otherwise). */
  readonly end?: boolean;
}

/** The games and Home, in navigation order (docs/reference/routes.md#the-shell). */
export const NAV_ROUTES: readonly NavRoute[] = [
  { to: '/', label: 'Home', short: 'Home', icon: <HomeIcon />, end: true },
  { to: '/tailspin', label: 'TailSpin', short: 'TailSpin', icon: <TailSpinIcon /> },
  { to: '/retail', label: 'ReTail', short: 'ReTail', icon: <RetailIcon /> },
  {
    to: `/foresight/${FORESIGHT_SYMBOLS[0]}`,
    label: 'Foresight',
    short: 'Foresight',
    icon: <ForesightIcon />,
  },
  { to: '/prophecy', label: 'Prophecy', short: 'Prophecy', icon: <ProphecyIcon /> },
];

/** Across the games: the player's history and PnL, and the provably fair checker. */
export const ACCOUNT_ROUTES: readonly NavRoute[] = [
  { to: '/history', label: 'History', short: 'History', icon: <HistoryIcon /> },
  { to: '/fairness', label: 'Provably fair', short: 'Fair', icon: <FairIcon /> },
];
