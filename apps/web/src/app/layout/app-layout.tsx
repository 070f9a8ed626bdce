import type { CSSProperties } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation, type Location } from 'react-router';

import { LoadingLogo } from '../../components/loading-logo.tsx';
import { Toaster } from '../../components/toaster.tsx';
import { runtimeConfig } from '../../config/runtime-config.ts';
import { WalletBlockedModal } from '../../features/account-status/components/wallet-blocked-modal.tsx';
import { useForceProfileForNewUsers } from '../../features/profile/hooks/use-force-profile-for-new-users.ts';
import { useOAuthReturn } from '../../features/profile/hooks/use-oauth-return.ts';
import { useReferralCapture } from '../../lib/referral/use-referral-capture.ts';
import { useUiState } from '../../lib/store.ts';
import { AnnouncementMarquee, isAnnouncementVisible, MARQUEE_HEIGHT } from './announcement-marquee.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { Footer } from './footer.tsx';
import { Header, HEADER_HEIGHT } from './header.tsx';
import { DeferredAgeGate } from './lazy-age-gate.tsx';
import { LazyModals } from './lazy-modals.tsx';
import { LazyOwnBetSounds } from './lazy-own-bet-sounds.tsx';
import { LazyRightSidebar } from './lazy-right-sidebar.tsx';
import { LazyUnclaimedWinningsBanner } from './lazy-unclaimed-winnings-banner.tsx';
import { LeftNav } from './left-nav.tsx';

/**
 * The key a scroll position is saved under. In-app navigations have their own history key. Every page
 * loaded from the address bar (or a link from outside, or a reload) has the key `default`, so the router's
 * own rule would open `/retail` at the position `/retail/juice-critters` was left at; those use their URL.
 */
export function scrollRestorationKey(location: Pick<Location, 'key' | 'pathname' | 'search'>): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

/**
 * Whether the page at `pathname` is TailSpin's or a ReTail play: they show their own result and Claim in
 * place, so the unclaimed-winnings banner goes under the page there: appearing above it as a win lands, it
 * would push the result the player is watching down the screen.
 */
export function showsOwnResult(pathname: string): boolean {
  return pathname === '/tailspin' || pathname.startsWith('/retail/');
}

/**
 * The app shell (docs/reference/routes.md#the-shell): a sticky header and announcement, the navigation
 * (column, icon rail or phone tab bar), the page, the toggleable feed/chat sidebar, the footer, and the
 * app-wide dialogs mounted once. The big dialogs, the sidebar, the winnings banner and the own-bet sounds
 * download on first use (`lazy-*.tsx`), and the age gate mounts after the first paint. While a route's loader
 * runs, the loading logo covers the page.
 */
export function AppLayout() {
  const navigation = useNavigation();
  // App-wide profile duties: finish an OAuth link, remember a ?ref= code, and make new users pick a name.
  useOAuthReturn();
  useReferralCapture();
  useForceProfileForNewUsers();
  const { announcement } = runtimeConfig();
  const dismissed = useUiState((s) => s.announcementDismissed);
  const marquee = isAnnouncementVisible(announcement, dismissed);
  const shellTop = HEADER_HEIGHT + (marquee ? MARQUEE_HEIGHT : 0);
  const loading = navigation.state === 'loading';
  const bannerBelow = showsOwnResult(useLocation().pathname);

  return (
    <div className="flex min-h-dvh flex-col" style={{ '--shell-top': `${shellTop}px` } as CSSProperties}>
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-accent px-3 py-2 font-semibold text-black focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <div className="sticky top-0 z-40">
        <Header />
        <AnnouncementMarquee announcement={announcement} />
      </div>
      {!bannerBelow && <LazyUnclaimedWinningsBanner />}
      <div className="flex flex-1">
        <LeftNav />
        <main id="main" className="relative flex min-w-0 flex-1 flex-col" aria-busy={loading}>
          <div className="flex-1 px-3 pt-4 sm:px-6 sm:pt-6 xl:px-8">
            <Outlet />
          </div>
          {bannerBelow && <LazyUnclaimedWinningsBanner />}
          <Footer />
          {loading && (
            <div className="absolute inset-0 z-20 flex justify-center bg-base/70 pt-[20vh] backdrop-blur-sm animate-fade-in">
              <LoadingLogo variant="inline" />
            </div>
          )}
        </main>
        <LazyRightSidebar />
      </div>
      <BottomNav />
      <Toaster />
      <LazyModals />
      <DeferredAgeGate />
      <LazyOwnBetSounds />
      <WalletBlockedModal />
      <ScrollRestoration getKey={scrollRestorationKey} />
    </div>
  );
}
