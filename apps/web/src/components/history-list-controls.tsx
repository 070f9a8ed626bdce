/**
 * The controls every paginated history list shares (the history page's tabs and the game pages' own lists):
 * "Try again" after a failed load and "Load more" for the next page.
 *
 * @module
 */

import { Button } from './ui/button.tsx';

/** What the controls need of an infinite query. */
interface PagedQuery {
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  readonly fetchNextPage: () => Promise<unknown>;
  readonly refetch: () => Promise<unknown>;
}

/** Re-reads a list that could not be loaded. */
export function RetryButton({ query }: { readonly query: Pick<PagedQuery, 'refetch'> }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => {
        void query.refetch();
      }}
    >
      Try again
    </Button>
  );
}

/** Fetches the next page; nothing on the last one. */
export function LoadMoreButton({
  query,
  variant = 'secondary',
  size = 'md',
  className = '',
}: {
  readonly query: PagedQuery;
  readonly variant?: 'secondary' | 'ghost';
  readonly size?: 'sm' | 'md';
  readonly className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      pending={query.isFetchingNextPage}
      onClick={() => {
        void query.fetchNextPage();
      }}
    >
      Load more
    </Button>
  );
}
