import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Button } from '../../../components/ui/button.tsx';
import { ui } from '../../../lib/store.ts';
import { MarketRules } from './market-rules.tsx';

/** A card that says what the page needs before it can show its form, with the action that gets it. */
export function Gate({
  title,
  children,
  action,
}: {
  readonly title: string;
  readonly children: ReactNode;
  readonly action?: ReactNode;
}) {
  return (
    <div className="card flex flex-col items-start gap-3 p-6" role="region" aria-label={title}>
      <h2 className="font-display text-lg font-bold text-ink">{title}</h2>
      <div className="text-sm leading-relaxed text-ink-dim">{children}</div>
      {action}
    </div>
  );
}

/** The heading of the create and request pages. */
export function FormPageHeader({
  eyebrow,
  title,
  pitch,
  aside,
}: {
  readonly eyebrow: string;
  readonly title: string;
  readonly pitch: string;
  readonly aside?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="max-w-2xl">
        <p className="text-[11px] font-bold tracking-[0.3em] text-[#b79cff] uppercase">{eyebrow}</p>
        <h1 className="mt-2 font-display text-3xl font-black tracking-tight text-ink sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-ink-dim sm:text-[1rem]">{pitch}</p>
      </div>
      {aside}
    </header>
  );
}

/** The gate's action when no wallet is connected: opens the connect dialog. */
export function ConnectWalletAction() {
  return (
    <Button
      onClick={() => {
        ui.openModal('connect');
      }}
    >
      Connect wallet
    </Button>
  );
}

/** The gate's action when the wallet is not signed in: signs in (a message, no transaction). */
export function SignInAction({
  pending,
  onSignIn,
}: {
  readonly pending: boolean;
  readonly onSignIn: () => void;
}) {
  return (
    <Button pending={pending} onClick={onSignIn}>
      Sign in
    </Button>
  );
}

/** The create and request pages: the header, the page's form (or its gate) and the market rules beside it. */
export function MarketFormPage({
  eyebrow,
  title,
  pitch,
  mode,
  children,
}: {
  readonly eyebrow: string;
  readonly title: string;
  readonly pitch: string;
  readonly mode: 'create' | 'request';
  readonly children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-[1200px] animate-fade-in">
      <FormPageHeader
        eyebrow={eyebrow}
        title={title}
        pitch={pitch}
        aside={
          <Link to="/prophecy" className="text-sm text-ink-dim hover:text-accent">
            ← All markets
          </Link>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        {children}
        <MarketRules mode={mode} />
      </div>
    </div>
  );
}
