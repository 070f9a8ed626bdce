import type { Announcement } from '../../config/runtime-config.ts';
import { ui, useUiState } from '../../lib/store.ts';
import { CloseIcon } from './nav-icons.tsx';

/** Height of the marquee strip in px; the shell offsets its sticky columns by it. */
export const MARQUEE_HEIGHT = 36;

/** Whether an announcement still shows: there is one, and the user has not dismissed this version or a later one. */
export function isAnnouncementVisible(announcement: Announcement | null, dismissed: number | null): boolean {
  return announcement !== null && (dismissed === null || dismissed < announcement.version);
}

/** Props of {@link AnnouncementMarquee}. */
export interface AnnouncementMarqueeProps {
  readonly announcement: Announcement | null;
}

/**
 * The versioned announcement: a scrolling strip under the header. Dismissing stores the version
 * locally, so the same text stays hidden and a newer version shows again. Opaque (its tint over the page's
 * darkest colour): the page scrolling under the sticky strip never shows through its text.
 */
export function AnnouncementMarquee({ announcement }: AnnouncementMarqueeProps) {
  const dismissed = useUiState((s) => s.announcementDismissed);
  if (announcement === null || !isAnnouncementVisible(announcement, dismissed)) return null;
  return (
    <aside
      aria-label="Announcement"
      className="relative flex items-center overflow-hidden border-b border-accent/25 bg-void bg-gradient-to-r from-accent/15 via-accent-2/10 to-accent/15"
      style={{ height: MARQUEE_HEIGHT }}
    >
      {/* Screen readers get the text once; the moving copies are decoration. */}
      <p className="sr-only">{announcement.text}</p>
      <div
        className="flex min-w-0 flex-1 overflow-hidden [mask-image:linear-gradient(90deg,transparent,#000_4%,#000_96%,transparent)]"
        aria-hidden="true"
      >
        <div className="flex shrink-0 animate-marquee whitespace-nowrap">
          {[0, 1].map((copy) => (
            <div key={copy} className="flex shrink-0">
              {[0, 1, 2].map((repeat) => (
                <span
                  key={repeat}
                  className="flex items-center gap-3 px-8 text-xs font-semibold tracking-wide text-ink"
                >
                  <span className="size-1.5 rotate-45 bg-accent shadow-[0_0_8px_var(--color-accent)]" />
                  {announcement.text}
                </span>
              ))}
            </div>
          ))}
        </div>
      </div>
      <button
        type="button"
        aria-label="Dismiss announcement"
        className="mx-2 grid size-7 shrink-0 place-items-center rounded-lg text-ink-dim transition hover:bg-white/10 hover:text-ink"
        onClick={() => {
          ui.dismissAnnouncement(announcement.version);
        }}
      >
        <CloseIcon />
      </button>
    </aside>
  );
}
