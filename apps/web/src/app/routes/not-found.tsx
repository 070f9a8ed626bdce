import { UI_TEXT } from '@arcade/sdk/messages';
import { Link } from 'react-router';

/** The catch-all route: 'Nothing to see here' and a way back home. */
export function Component() {
  return (
    <section
      className="grid min-h-[60vh] place-items-center text-center animate-fade-in"
      aria-labelledby="not-found-title"
    >
      <div className="flex flex-col items-center gap-5">
        <p
          className="font-display text-8xl font-black tracking-tighter text-transparent [-webkit-text-stroke:2px_var(--color-accent)] sm:text-9xl"
          aria-hidden="true"
        >
          404
        </p>
        <h1 id="not-found-title" className="font-display text-2xl font-bold text-ink">
          {UI_TEXT.notFound}
        </h1>
        <Link
          to="/"
          className="inline-flex h-12 items-center rounded-xl bg-accent px-6 font-display text-sm font-bold text-black shadow-[0_0_32px_-6px_var(--color-accent)] transition hover:brightness-110"
        >
          Back to home
        </Link>
      </div>
    </section>
  );
}
