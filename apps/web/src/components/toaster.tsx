import { useToasts, toast, type Toast, type ToastKind } from '../lib/toast.ts';
import { Spinner } from './ui/button.tsx';

const KIND_STYLES: Record<
  ToastKind,
  { readonly frame: string; readonly icon: string; readonly bar: string }
> = {
  info: {
    frame: 'border-info/40 shadow-[0_0_32px_-10px_var(--color-info)]',
    icon: 'bg-info/15 text-info',
    bar: 'bg-info',
  },
  success: {
    frame: 'border-win/40 shadow-[0_0_32px_-10px_var(--color-win)]',
    icon: 'bg-win/15 text-win',
    bar: 'bg-win',
  },
  error: {
    frame: 'border-loss/40 shadow-[0_0_32px_-10px_var(--color-loss)]',
    icon: 'bg-loss/15 text-loss',
    bar: 'bg-loss',
  },
};

function KindIcon({ kind }: { readonly kind: ToastKind }) {
  if (kind === 'info') return <Spinner className="size-4" />;
  return (
    <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
      {kind === 'success' ? (
        <path
          d="M4.5 10.5l3.5 3.5 7.5-8"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <path
          d="M10 4.5v7M10 15v.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}

function ToastCard({ item }: { readonly item: Toast }) {
  const style = KIND_STYLES[item.kind];
  return (
    <li
      data-kind={item.kind}
      className={`pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border bg-panel/95 py-3 pr-2 pl-3 backdrop-blur-md animate-toast-in ${style.frame}`}
    >
      <span className={`absolute inset-y-0 left-0 w-1 ${style.bar}`} aria-hidden="true" />
      <span className={`mt-0.5 grid size-7 shrink-0 place-items-center rounded-lg ${style.icon}`}>
        <KindIcon kind={item.kind} />
      </span>
      <div className="min-w-0 flex-1 pt-0.5">
        {item.title !== null && (
          <p className="font-display text-xs font-bold tracking-wider text-ink uppercase">{item.title}</p>
        )}
        <p className="text-sm break-words text-ink-dim">{item.message}</p>
      </div>
      <button
        type="button"
        aria-label="Close notification"
        onClick={() => {
          toast.dismiss(item.id);
        }}
        className="grid size-7 shrink-0 place-items-center rounded-lg text-ink-faint transition hover:bg-white/5 hover:text-ink"
      >
        <svg viewBox="0 0 20 20" className="size-3.5" aria-hidden="true">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

/**
 * Renders the toasts of `lib/toast.ts`: stacked top-right on wide screens and along the bottom on
 * phones, oldest first, each with a close button. Mount it once in the shell.
 *
 * It sits below the sticky header (the shell's `--shell-top`) and, on phones, above the 4rem bottom
 * navigation, so toasts never hide the wallet button or the game tabs.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-[60] sm:inset-x-auto sm:top-[calc(var(--shell-top,0px)+0.75rem)] sm:right-4 sm:bottom-auto sm:w-88"
    >
      <ol className="flex flex-col gap-2">
        {toasts.map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}
