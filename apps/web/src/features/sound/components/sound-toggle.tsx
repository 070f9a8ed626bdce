import { playSound, unlockAudio } from '../../../lib/sound.ts';
import { ui, useUiState } from '../../../lib/store.ts';

/**
 * The sound on/off button (off by default). Turning sound on is a user gesture, so it also
 * starts the audio and plays a tick to confirm it works.
 */
export function SoundToggle({ className = '' }: { readonly className?: string }) {
  const soundOff = useUiState((s) => s.soundOff);
  const label = soundOff ? 'Turn sound on' : 'Turn sound off';
  return (
    <button
      type="button"
      aria-pressed={!soundOff}
      aria-label="Sound"
      title={label}
      onClick={() => {
        unlockAudio();
        ui.setSoundOff(!soundOff);
        if (soundOff) playSound('tick');
      }}
      className={`grid size-10 place-items-center rounded-xl border transition ${
        soundOff
          ? 'border-edge bg-white/5 text-ink-dim hover:bg-white/10 hover:text-ink'
          : 'border-accent/40 bg-accent/10 text-accent shadow-[0_0_16px_-6px_var(--color-accent)] hover:bg-accent/15'
      } ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M11 5 6 9H3v6h3l5 4V5Z" fill="currentColor" fillOpacity="0.2" />
        {soundOff ? (
          <>
            <path d="m16 9 5 5" />
            <path d="m21 9-5 5" />
          </>
        ) : (
          <>
            <path d="M15.5 8.5a5 5 0 0 1 0 7" />
            <path d="M18.5 5.5a9 9 0 0 1 0 13" />
          </>
        )}
      </svg>
    </button>
  );
}
