import { MODAL_FULLSCREEN_MAX_WIDTH } from '@arcade/sdk/constants';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Props of {@link Modal}. */
export interface ModalProps {
  readonly open: boolean;
  readonly title: ReactNode;
  readonly children: ReactNode;
  /** Called on Escape, the backdrop and the close button. Omit it to make the modal non-dismissible. */
  readonly onClose?: () => void;
  /** Max width on wide screens; at {@link MODAL_FULLSCREEN_MAX_WIDTH}px or less the modal is full-screen. */
  readonly size?: 'sm' | 'md' | 'lg' | 'xl';
  readonly footer?: ReactNode;
}

const SIZES = {
  sm: 'min-[501px]:max-w-sm',
  md: 'min-[501px]:max-w-lg',
  lg: 'min-[501px]:max-w-2xl',
  xl: 'min-[501px]:max-w-4xl',
};

/**
 * The generic modal: a dialog over a blurred backdrop, focus kept inside, full-screen at widths of
 * {@link MODAL_FULLSCREEN_MAX_WIDTH}px or less. Without `onClose` it cannot be dismissed.
 */
export function Modal({ open, title, children, onClose, size = 'md', footer }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    // Focusing in the commit forces a layout of the freshly inserted dialog in the same task (the age
    // gate pays it during the first load); the next frame's focus costs nothing extra, and not scrolling
    // keeps the page behind still. Focus a child already holds (an autofocused field) is left alone.
    const frame = requestAnimationFrame(() => {
      const node = panel.current;
      if (node !== null && !node.contains(document.activeElement)) node.focus({ preventScroll: true });
    });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && onClose) {
        event.stopPropagation();
        onClose();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, [open, onClose]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center min-[501px]:p-4">
      <div
        className="absolute inset-0 bg-black/70 backdrop-blur-sm animate-fade-in"
        aria-hidden="true"
        onClick={onClose}
        data-testid="modal-backdrop"
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-fullscreen-below={MODAL_FULLSCREEN_MAX_WIDTH}
        className={`relative flex h-full w-full flex-col overflow-hidden border-edge bg-panel shadow-2xl outline-none animate-pop-in min-[501px]:h-auto min-[501px]:max-h-[90vh] min-[501px]:rounded-2xl min-[501px]:border ${SIZES[size]}`}
      >
        <div className="flex items-center justify-between gap-4 border-b border-edge px-5 py-4">
          <h2 id={titleId} className="font-display text-lg font-bold tracking-wide text-ink">
            {title}
          </h2>
          {onClose && (
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="grid size-8 place-items-center rounded-lg text-ink-dim transition hover:bg-white/5 hover:text-ink"
            >
              <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer && <footer className="border-t border-edge px-5 py-4">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
