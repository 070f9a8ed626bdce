import { MINIMUM_AGE } from '@arcade/sdk/constants';

import { runtimeConfig } from '../../config/runtime-config.ts';
import { ui } from '../../lib/store.ts';
import { ArcadeMark } from './arcade-logo.tsx';
import { ExternalIcon } from './nav-icons.tsx';

const LINK = 'inline-flex items-center gap-1.5 text-ink-dim transition hover:text-accent';

/** The footer: links to real places only, and the legal notice. */
export function Footer() {
  const { communityChatUrl, socialUrl } = runtimeConfig();
  return (
    <footer className="mt-16 border-t border-edge/70 px-4 pt-8 pb-24 text-sm sm:px-8 md:pb-10">
      <div className="flex flex-col gap-8 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex max-w-md items-start gap-3">
          <ArcadeMark className="size-8 shrink-0 opacity-90" />
          <p className="text-xs leading-relaxed text-ink-faint">
            <strong className="font-semibold text-ink-dim">{MINIMUM_AGE}+ only.</strong> Gambling may be
            restricted or forbidden where you live: play only where it is legal for you. Every bet is a
            transaction on a public blockchain and cannot be undone. Play responsibly and never wager more
            than you can afford to lose.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-3">
            <li>
              <button
                type="button"
                className={LINK}
                onClick={() => {
                  ui.openModal('faq');
                }}
              >
                Help &amp; FAQ
              </button>
            </li>
            <li>
              <a className={LINK} href={communityChatUrl} target="_blank" rel="noreferrer noopener">
                Community chat <ExternalIcon />
              </a>
            </li>
            <li>
              <a className={LINK} href={socialUrl} target="_blank" rel="noreferrer noopener">
                Follow on X <ExternalIcon />
              </a>
            </li>
            <li>
              <a className={LINK} href="/api/docs" target="_blank" rel="noreferrer noopener">
                API docs <ExternalIcon />
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="mt-8 text-[11px] text-ink-faint">© {new Date().getFullYear()} Arcade</p>
    </footer>
  );
}
