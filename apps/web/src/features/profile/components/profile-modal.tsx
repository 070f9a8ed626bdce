import type { UserProfile } from '@arcade/sdk/api/user';
import { UI_TEXT } from '@arcade/sdk/messages';
import { useState, type ReactNode } from 'react';

import { Button, Spinner } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { shortAddress } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session.tsx';
import { ui, useUiState } from '../../../lib/store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useProfile } from '../../../lib/user-profile.ts';
import { NftPicker } from './nft-picker.tsx';
import { ReferralSection } from './referral-section.tsx';
import { SocialLinks } from './social-links.tsx';
import { UserAvatar } from './user-avatar.tsx';
import { UsernameForm } from './username-form.tsx';

const close = () => {
  ui.closeModal();
};

function Section({ title, children }: { readonly title?: string; readonly children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      {title !== undefined && (
        <h3 className="text-xs font-semibold tracking-wider text-ink-dim uppercase">{title}</h3>
      )}
      {children}
    </section>
  );
}

function ProfileBody({ profile }: { readonly profile: UserProfile }) {
  const [picking, setPicking] = useState(false);
  const isNew = profile.username === null;
  return (
    <div className="flex flex-col gap-5">
      {isNew && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-accent-2/50 bg-accent-2/10 p-3 text-sm text-ink"
        >
          <svg viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0 text-accent-2" aria-hidden="true">
            <path
              d="M12 3l2.2 5.3 5.8.5-4.4 3.8 1.3 5.6L12 15.3 7.1 18.2l1.3-5.6L4 8.8l5.8-.5L12 3Z"
              fill="currentColor"
            />
          </svg>
          <div>
            <p className="font-semibold">{UI_TEXT.newUserAlert}</p>
            <p className="text-ink-dim">Pick a username to start playing.</p>
          </div>
        </div>
      )}

      <div className="flex items-center gap-4">
        <button
          type="button"
          onClick={() => {
            setPicking((v) => !v);
          }}
          aria-expanded={picking}
          aria-label="Change profile picture"
          className="group relative shrink-0 rounded-full p-[3px] transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          style={{ background: 'linear-gradient(135deg, var(--color-accent), var(--color-accent-2))' }}
        >
          <UserAvatar
            address={profile.address}
            image={profile.pfpImage}
            size={76}
            className="ring-3 ring-panel"
          />
          <span className="absolute inset-[3px] grid place-items-center rounded-full bg-black/55 text-[11px] font-semibold text-ink opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100">
            Change
          </span>
          <span
            className="absolute -right-0.5 -bottom-0.5 grid size-6 place-items-center rounded-full bg-accent text-black ring-3 ring-panel"
            aria-hidden="true"
          >
            <svg viewBox="0 0 16 16" className="size-3.5">
              <path
                d="M2 11.5V14h2.5l7-7L9 4.5l-7 7ZM10.5 3l2.5 2.5 1-1a1 1 0 0 0 0-1.4l-1.1-1.1a1 1 0 0 0-1.4 0l-1 1Z"
                fill="currentColor"
              />
            </svg>
          </span>
        </button>
        <div className="min-w-0">
          <p className="truncate font-display text-xl font-bold text-ink">
            {profile.username ?? <span className="text-ink-faint">No username yet</span>}
          </p>
          <p className="tabular truncate text-xs text-ink-faint" title={profile.address}>
            {shortAddress(profile.address, 6)}
          </p>
        </div>
      </div>

      {picking && (
        <NftPicker
          address={profile.address}
          current={profile.pfp}
          onDone={() => {
            setPicking(false);
          }}
        />
      )}

      <UsernameForm key={profile.username ?? ''} current={profile.username} />

      <Section title="Socials">
        <SocialLinks profile={profile} />
      </Section>

      <ReferralSection address={profile.address} code={profile.referral} />
    </div>
  );
}

function SignInPrompt() {
  const auth = useSession();
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center">
      <div
        className="grid size-16 place-items-center rounded-full border border-edge bg-panel-2 text-accent shadow-[0_0_30px_-8px_var(--color-accent)]"
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" className="size-7">
          <rect
            x="5"
            y="10.5"
            width="14"
            height="10"
            rx="2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
          <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </div>
      <div>
        <p className="font-display text-base font-semibold text-ink">Sign in to edit your profile</p>
        <p className="mt-1 text-sm text-ink-dim">Sign a message with your wallet; it costs nothing.</p>
      </div>
      <Button
        pending={auth.status === 'signing-in'}
        onClick={() => {
          void auth.signIn();
        }}
      >
        Sign in
      </Button>
    </div>
  );
}

/**
 * The profile modal: picture, username, socials and referral. While a signed-in user has no
 * username it cannot be closed and greets them with the new-user alert.
 */
export function ProfileModal() {
  const open = useUiState((s) => s.modal === 'profile');
  const { session, status } = useSession();
  const signedIn = status === 'signed-in' && session !== null;
  const profile = useProfile(signedIn ? session.address : null);
  const mustSetUsername = signedIn && profile.isSuccess && profile.data.username === null;

  let body: ReactNode;
  if (!signedIn) body = <SignInPrompt />;
  else if (profile.isPending)
    body = (
      <div className="grid place-items-center py-12 text-ink-dim" aria-busy="true">
        <Spinner className="size-6" />
        <span className="sr-only">Loading your profile</span>
      </div>
    );
  else if (profile.isError)
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="text-sm text-loss">{errorText(profile.error)}</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void profile.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  else body = <ProfileBody profile={profile.data} />;

  return (
    <Modal open={open} title="Profile" size="md" {...(mustSetUsername ? {} : { onClose: close })}>
      {body}
    </Modal>
  );
}
