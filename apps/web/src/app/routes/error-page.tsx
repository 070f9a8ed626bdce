import { UI_TEXT } from '@arcade/sdk/messages';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { Button } from '../../components/ui/button.tsx';
import { SITE_NAME } from '../route-paths.ts';

/** The error page's name in the document title and the route announcement. */
export const ERROR_PAGE_TITLE = 'Error';

/** The message and stack of whatever a route threw: an Error, a thrown Response, or anything else. */
function describe(error: unknown): { message: string; stack: string | null } {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === 'string' ? error.data : '';
    return { message: `${error.status} ${error.statusText}${data ? `: ${data}` : ''}`, stack: null };
  }
  if (error instanceof Error) return { message: error.message, stack: error.stack ?? null };
  return { message: String(error), stack: null };
}

/**
 * The generic error page: 'Something bad just happened...', the error and its stack, and a
 * refresh button. It is the ErrorBoundary of the routes, so the shell stays around it.
 */
export function ErrorPage() {
  const error = useRouteError();
  const { message, stack } = describe(error);
  // Also without the shell (an error in the layout itself), where RouteFocus does not run.
  useEffect(() => {
    document.title = `${ERROR_PAGE_TITLE} · ${SITE_NAME}`;
  }, []);
  return (
    <section
      className="mx-auto flex max-w-3xl flex-col gap-5 py-10 animate-fade-in"
      role="alert"
      aria-labelledby="error-title"
      data-page-title={ERROR_PAGE_TITLE}
    >
      <div className="flex items-center gap-4">
        <span
          className="grid size-12 shrink-0 place-items-center rounded-2xl bg-loss/15 text-loss shadow-[0_0_30px_-8px_var(--color-loss)]"
          aria-hidden="true"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          >
            <path d="M12 8v5M12 16.5h.01" />
            <path d="M10.3 3.9 2.6 17.4A2 2 0 0 0 4.3 20.4h15.4a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
          </svg>
        </span>
        <h1 id="error-title" className="font-display text-2xl font-bold text-ink sm:text-3xl">
          {UI_TEXT.errorPage}
        </h1>
      </div>
      <p className="text-lg font-semibold text-loss">{message}</p>
      {stack !== null && (
        <pre
          tabIndex={0}
          aria-label="Error stack"
          className="max-h-80 overflow-auto rounded-xl border border-edge bg-void/80 p-4 font-mono text-xs leading-relaxed text-ink-dim"
        >
          {stack}
        </pre>
      )}
      <div>
        <Button
          size="lg"
          onClick={() => {
            location.reload();
          }}
        >
          Refresh
        </Button>
      </div>
    </section>
  );
}
