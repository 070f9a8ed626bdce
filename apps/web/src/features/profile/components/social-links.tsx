import type { UserProfile } from '@arcade/sdk/api/user';
import { FAILURE_TOASTS, unlinkedToast } from '@arcade/sdk/messages';

import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useStartOAuthLink } from '../api/start-oauth-link.ts';
import { PROVIDER_LABELS, useUnlinkSocial, type SocialProvider } from '../api/unlink-social.ts';

/** Props of {@link SocialLinks}. */
export interface SocialLinksProps {
  readonly profile: UserProfile;
}

function ProviderIcon({ provider }: { readonly provider: SocialProvider }) {
  if (provider === 'discord') {
    return (
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
        <path
          fill="currentColor"
          d="M19.3 5.3A16.6 16.6 0 0 0 15.2 4l-.5 1a15.3 15.3 0 0 0-5.4 0l-.5-1a16.5 16.5 0 0 0-4.1 1.3C2.1 9.2 1.4 13 1.7 16.7a16.7 16.7 0 0 0 5 2.5l1.1-1.7a10.8 10.8 0 0 1-1.7-.8l.4-.3a11.9 11.9 0 0 0 11 0l.4.3c-.6.3-1.1.6-1.7.8l1.1 1.7a16.6 16.6 0 0 0 5-2.5c.4-4.3-.7-8-3-11.4ZM8.7 14.5c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Zm6.6 0c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Z"
        />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
      <path
        fill="currentColor"
        d="M17.8 3h3.1l-6.8 7.7 8 10.3h-6.2l-4.9-6.3L5.4 21H2.3l7.2-8.3L1.8 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z"
      />
    </svg>
  );
}

/** Link and unlink of the community chat (Discord) and social network (X) accounts. */
export function SocialLinks({ profile }: SocialLinksProps) {
  const unlink = useUnlinkSocial();
  const startLink = useStartOAuthLink();
  const rows: readonly { provider: SocialProvider; linkedAs: string | null }[] = [
    {
      provider: 'discord',
      linkedAs: profile.discordId === null ? null : (profile.discordUsername ?? profile.discordId),
    },
    {
      provider: 'twitter',
      linkedAs: profile.twitterId === null ? null : (profile.twitterUsername ?? profile.twitterId),
    },
  ];

  const onUnlink = async (provider: SocialProvider) => {
    try {
      await unlink.mutateAsync(provider);
      toast.success(unlinkedToast(PROVIDER_LABELS[provider]));
    } catch (error) {
      toast.failure(FAILURE_TOASTS.updateSocials, error);
    }
  };

  const onLink = async (provider: SocialProvider) => {
    try {
      await startLink.mutateAsync(provider);
    } catch (error) {
      toast.failure(FAILURE_TOASTS.updateSocials, error);
    }
  };

  return (
    <ul className="flex flex-col gap-2" aria-label="Social accounts">
      {rows.map(({ provider, linkedAs }) => {
        const label = PROVIDER_LABELS[provider];
        const pending = unlink.isPending && unlink.variables === provider;
        const linking = startLink.isPending && startLink.variables === provider;
        return (
          <li
            key={provider}
            className="flex items-center gap-3 rounded-xl border border-edge bg-base/60 px-3 py-2.5"
          >
            <span
              className={`grid size-9 shrink-0 place-items-center rounded-lg ${
                provider === 'discord' ? 'bg-[#5865f2]/20 text-[#8b95ff]' : 'bg-white/10 text-ink'
              }`}
            >
              <ProviderIcon provider={provider} />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold text-ink">{label}</p>
              <p className={`truncate text-xs ${linkedAs === null ? 'text-ink-faint' : 'text-win'}`}>
                {linkedAs === null ? 'Not linked' : `Linked as ${linkedAs}`}
              </p>
            </div>
            {linkedAs === null ? (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Link ${label}`}
                pending={linking}
                disabled={startLink.isPending}
                onClick={() => {
                  void onLink(provider);
                }}
              >
                Link
              </Button>
            ) : (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Unlink ${label}`}
                pending={pending}
                disabled={unlink.isPending}
                onClick={() => {
                  void onUnlink(provider);
                }}
              >
                Unlink
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
