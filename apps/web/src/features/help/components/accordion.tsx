import type { ReactNode } from 'react';

/** Props of {@link AccordionItem}. */
export interface AccordionItemProps {
  readonly title: ReactNode;
  readonly children: ReactNode;
  readonly defaultOpen?: boolean;
}

/**
 * One collapsible question. Built on `<details>` so it opens with the keyboard, is announced as expandable
 * and works before any script runs.
 */
export function AccordionItem({ title, children, defaultOpen = false }: AccordionItemProps) {
  return (
    <details
      open={defaultOpen}
      className="group rounded-xl border border-edge bg-panel-2/60 transition open:border-accent/40 open:bg-panel-2"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 font-semibold text-ink select-none hover:text-accent [&::-webkit-details-marker]:hidden">
        <span>{title}</span>
        <svg
          viewBox="0 0 20 20"
          className="size-4 shrink-0 text-ink-faint transition group-open:rotate-45 group-open:text-accent"
          aria-hidden="true"
        >
          <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </summary>
      <div className="px-4 pb-4 text-sm leading-relaxed text-ink-dim">{children}</div>
    </details>
  );
}
