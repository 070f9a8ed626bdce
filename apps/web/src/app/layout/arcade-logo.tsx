/** Props of {@link ArcadeMark}. */
export interface ArcadeMarkProps {
  readonly className?: string;
}

/**
 * The Arcade mark: a neon hex token with an "A" cut like a rising chart, lime to pink. Drawn inline so it
 * inherits no image request and stays crisp at any size.
 */
export function ArcadeMark({ className = 'size-9' }: ArcadeMarkProps) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true">
      <defs>
        <linearGradient id="arcade-mark-edge" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#c8f135" />
          <stop offset="1" stopColor="#ff4fa3" />
        </linearGradient>
      </defs>
      <path
        d="M24 2.5 42.6 13.25v21.5L24 45.5 5.4 34.75v-21.5Z"
        fill="#15121f"
        stroke="url(#arcade-mark-edge)"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M14 34 24 13l10 21"
        fill="none"
        stroke="#c8f135"
        strokeWidth="4.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M18.5 27.5h6l3-4"
        fill="none"
        stroke="#ff4fa3"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="36.5" cy="11.5" r="2.2" fill="#fff" />
    </svg>
  );
}

/** The mark with the "Arcade" wordmark; the wordmark hides on the narrowest phones. */
export function ArcadeLogo() {
  return (
    <span className="flex items-center gap-2.5">
      <ArcadeMark className="size-9 drop-shadow-[0_0_10px_rgb(200_241_53/0.35)]" />
      <span className="hidden font-display text-lg font-black tracking-tight text-ink xs:inline">
        Arc<span className="text-accent">ade</span>
      </span>
    </span>
  );
}
