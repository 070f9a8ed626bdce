import type { ButtonHTMLAttributes } from 'react';

/** Props of {@link Button}. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: 'primary' | 'secondary' | 'ghost' | 'danger' | 'up' | 'down';
  readonly size?: 'sm' | 'md' | 'lg';
  /** Shows a spinner and disables the button while an action runs. */
  readonly pending?: boolean;
}

const VARIANTS = {
  primary: 'bg-accent text-black hover:brightness-110 shadow-[0_0_24px_-6px_var(--color-accent)]',
  secondary: 'bg-white/8 text-ink hover:bg-white/12 border border-edge',
  ghost: 'text-ink-dim hover:text-ink hover:bg-white/5',
  danger: 'bg-loss text-white hover:brightness-110',
  up: 'bg-win text-black hover:brightness-110',
  down: 'bg-loss text-white hover:brightness-110',
};

const SIZES = { sm: 'h-8 px-3 text-xs', md: 'h-10 px-4 text-sm', lg: 'h-12 px-6 text-base' };

/** The app's button. */
export function Button({
  variant = 'primary',
  size = 'md',
  pending = false,
  disabled,
  className = '',
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled === true || pending}
      aria-busy={pending || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-45 disabled:active:scale-100 ${VARIANTS[variant]} ${SIZES[size]} ${className}`}
      {...rest}
    >
      {pending && <Spinner />}
      {children}
    </button>
  );
}

/** A small spinner in the current colour. */
export function Spinner({ className = 'size-4' }: { readonly className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`animate-spin ${className}`} aria-hidden="true">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path
        d="M21 12a9 9 0 0 0-9-9"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
