import { useEffect, useState } from 'react';

/** Frames per second of the mascot with a calculator. */
export const LOADING_LOGO_FPS = 30;

const FRAME_MS = 1000 / LOADING_LOGO_FPS;

/** Calculator keys, row by row; the mascot taps them in this order. */
const KEYS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '0', '.', '='] as const;
const TAP_ORDER = [4, 0, 8, 2, 6, 11, 1, 9, 5, 3, 7, 11] as const;
/** Frames each tap lasts: the finger is down for the first half. */
const FRAMES_PER_TAP = 6;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Steps a frame counter at {@link LOADING_LOGO_FPS}: requestAnimationFrame fires at the display's rate, so
 * frames only advance once a full 1000/30 ms has passed, keeping the animation the same on 60 and 144 Hz.
 * With reduced motion the counter stays at 0 and no frame is scheduled.
 */
function useFrame(): number {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    if (prefersReducedMotion()) return;
    let handle = 0;
    let last = performance.now();
    const tick = (now: number) => {
      const elapsed = now - last;
      if (elapsed >= FRAME_MS) {
        const steps = Math.floor(elapsed / FRAME_MS);
        last += steps * FRAME_MS;
        setFrame((f) => f + steps);
      }
      handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(handle);
    };
  }, []);
  return frame;
}

/** Props of {@link LoadingLogo}. */
export interface LoadingLogoProps {
  /** `page` fills the viewport (first load); `inline` is just the mascot, for overlays and panels. */
  readonly variant?: 'page' | 'inline';
}

/**
 * The animated loading logo: Juicy, a lime juice-box, punching numbers into a calculator at 30 fps while
 * its display counts up. Decorative; screen readers hear one "Loading" status.
 */
export function LoadingLogo({ variant = 'page' }: LoadingLogoProps) {
  const frame = useFrame();
  const tap = Math.floor(frame / FRAMES_PER_TAP);
  const pressed = TAP_ORDER[tap % TAP_ORDER.length] ?? 0;
  const fingerDown = frame % FRAMES_PER_TAP < FRAMES_PER_TAP / 2;
  // The display counts a running total the taps "type": it climbs and wraps like a slot reel.
  const display = String((tap * 137 + (frame % FRAMES_PER_TAP) * 3) % 100_000).padStart(5, '0');
  const bob = Math.sin((frame / LOADING_LOGO_FPS) * Math.PI * 2) * 2.5;
  const blink = frame % 90 < 4;
  const keyCol = pressed % 3;
  const keyRow = Math.floor(pressed / 3);
  const fingerX = 86 + keyCol * 17;
  const fingerY = 122 + keyRow * 13 + (fingerDown ? 2 : -4);

  const mascot = (
    <svg
      viewBox="0 0 200 200"
      className={variant === 'page' ? 'size-40' : 'size-28'}
      aria-hidden="true"
      data-frame={frame}
    >
      <defs>
        <linearGradient id="ll-box" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#d9ff5a" />
          <stop offset="1" stopColor="#8fc21a" />
        </linearGradient>
        <linearGradient id="ll-calc" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2a2440" />
          <stop offset="1" stopColor="#15121f" />
        </linearGradient>
        <radialGradient id="ll-glow" cx="0.5" cy="0.55" r="0.5">
          <stop offset="0" stopColor="#c8f135" stopOpacity="0.35" />
          <stop offset="1" stopColor="#c8f135" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="100" cy="110" r="92" fill="url(#ll-glow)" />
      <ellipse cx="100" cy="188" rx="46" ry="6" fill="#000" opacity="0.45" />
      <g transform={`translate(0 ${bob.toFixed(2)})`}>
        {/* straw */}
        <path d="M116 34 L124 8 L142 4" fill="none" stroke="#ff4fa3" strokeWidth="7" strokeLinecap="round" />
        {/* juice box body */}
        <path d="M58 40 L142 40 L150 52 L150 176 L50 176 L50 52 Z" fill="url(#ll-box)" />
        <path d="M58 40 L142 40 L150 52 L50 52 Z" fill="#eaff9c" />
        <rect x="50" y="148" width="100" height="28" fill="#000" opacity="0.12" />
        {/* face */}
        {blink ? (
          <>
            <path d="M74 78 h14" stroke="#0d0b17" strokeWidth="4" strokeLinecap="round" />
            <path d="M112 78 h14" stroke="#0d0b17" strokeWidth="4" strokeLinecap="round" />
          </>
        ) : (
          <>
            <ellipse cx="81" cy="78" rx="7" ry="9" fill="#0d0b17" />
            <ellipse cx="119" cy="78" rx="7" ry="9" fill="#0d0b17" />
            <circle cx="83.5" cy="74.5" r="2.5" fill="#fff" />
            <circle cx="121.5" cy="74.5" r="2.5" fill="#fff" />
          </>
        )}
        <ellipse cx="68" cy="92" rx="7" ry="4" fill="#ff4fa3" opacity="0.55" />
        <ellipse cx="132" cy="92" rx="7" ry="4" fill="#ff4fa3" opacity="0.55" />
        <path
          d="M92 92 Q100 100 108 92"
          fill="none"
          stroke="#0d0b17"
          strokeWidth="3.5"
          strokeLinecap="round"
        />
        {/* calculator */}
        <g transform="rotate(-4 100 135)">
          <rect x="74" y="98" width="60" height="74" rx="8" fill="url(#ll-calc)" stroke="#3a3358" />
          <rect x="80" y="104" width="48" height="14" rx="3" fill="#0a1a05" />
          <text
            x="125"
            y="115"
            textAnchor="end"
            fontFamily="ui-monospace, monospace"
            fontSize="10"
            fontWeight="700"
            fill="#c8f135"
          >
            {display}
          </text>
          {KEYS.map((key, index) => {
            const col = index % 3;
            const row = Math.floor(index / 3);
            const isPressed = index === pressed && fingerDown;
            return (
              <rect
                key={key}
                x={80 + col * 17}
                y={122 + row * 13 + (isPressed ? 1 : 0)}
                width="14"
                height="10"
                rx="2.5"
                fill={index === 11 ? '#ff4fa3' : isPressed ? '#c8f135' : '#3a3358'}
              />
            );
          })}
        </g>
        {/* arms: the left one steadies the calculator, the right one taps */}
        <path d="M52 120 Q62 138 76 140" fill="none" stroke="#8fc21a" strokeWidth="8" strokeLinecap="round" />
        <path
          d={`M148 116 Q ${fingerX + 30} ${fingerY - 14} ${fingerX + 4} ${fingerY}`}
          fill="none"
          stroke="#a6d625"
          strokeWidth="8"
          strokeLinecap="round"
        />
        <circle cx={fingerX + 3} cy={fingerY} r="5.5" fill="#d9ff5a" />
      </g>
    </svg>
  );

  return (
    <div
      role="status"
      aria-label="Loading"
      className={
        variant === 'page'
          ? 'grid min-h-dvh w-full place-items-center'
          : 'grid place-items-center drop-shadow-[0_0_24px_rgb(200_241_53/0.25)]'
      }
    >
      <div className="flex flex-col items-center gap-3">
        {mascot}
        <span
          className="font-display text-xs font-bold tracking-[0.3em] text-accent uppercase"
          aria-hidden="true"
        >
          Loading
        </span>
      </div>
    </div>
  );
}
