import { Link } from 'react-router';

import { ApiError } from '../../lib/api-client.ts';

/**
 * Whether an API error means "there is no such thing" (404, or 400 for an id that cannot even be one,
 * like a malformed market address) rather than a failure: such a link gets a friendly page, while real
 * failures still reach the error page.
 */
export function isMissingResource(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** Props of {@link MissingResource}. */
export interface MissingResourceProps {
  /** The heading, e.g. "Market not found". */
  readonly title: string;
  /** What may have happened, in a sentence. */
  readonly description: string;
  /** The id the user asked for, shown so they can spot a typo. */
  readonly id: string;
  /** Where to go instead. */
  readonly back: { readonly to: string; readonly label: string };
}

/** The in-page state of a link to a market or collection that does not exist. */
export function MissingResource({ title, description, id, back }: MissingResourceProps) {
  return (
    <section
      className="mx-auto grid min-h-[55vh] max-w-xl place-items-center py-10 text-center animate-fade-in"
      aria-labelledby="missing-title"
    >
      <div className="card flex w-full flex-col items-center gap-4 px-6 py-10 sm:px-10">
        <span
          className="grid size-16 place-items-center rounded-2xl border border-accent/30 bg-accent/10 text-accent shadow-[0_0_40px_-10px_var(--color-accent)]"
          aria-hidden="true"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <circle cx="10.5" cy="10.5" r="6.5" />
            <path d="m20 20-4.5-4.5M8.5 8.5l4 4M12.5 8.5l-4 4" />
          </svg>
        </span>
        <h1 id="missing-title" className="font-display text-2xl font-bold tracking-tight text-ink">
          {title}
        </h1>
        <p className="text-sm leading-relaxed text-ink-dim">{description}</p>
        {id !== '' && (
          <p className="max-w-full truncate rounded-lg border border-edge bg-void/60 px-3 py-1.5 font-mono text-xs text-ink-faint">
            {id}
          </p>
        )}
        <Link
          to={back.to}
          className="mt-2 inline-flex h-11 items-center gap-2 rounded-xl bg-accent px-5 font-display text-sm font-bold text-black shadow-[0_0_28px_-6px_var(--color-accent)] transition hover:brightness-110"
        >
          <span aria-hidden="true">←</span>
          {back.label}
        </Link>
      </div>
    </section>
  );
}
