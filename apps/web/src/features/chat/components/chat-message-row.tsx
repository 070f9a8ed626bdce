import { formatDateTime } from '../../../lib/format.ts';
import type { ChatMessage } from '../utils/chat-text.ts';

/** Props of {@link ChatMessageRow}. */
export interface ChatMessageRowProps {
  readonly message: ChatMessage;
  /** True for the signed-in user's own messages. */
  readonly own: boolean;
}

/** One message: its author, time and text. The text is a React text node: markup shows as typed. */
export function ChatMessageRow({ message, own }: ChatMessageRowProps) {
  return (
    <li
      className={`animate-fade-in rounded-xl px-3 py-2 ${
        own ? 'border border-accent/30 bg-accent/8' : 'border border-transparent hover:bg-white/3'
      }`}
    >
      <div className="flex items-baseline justify-between gap-2">
        <span
          className={`truncate text-xs font-bold ${own ? 'text-accent' : 'text-accent-2'}`}
          title={message.userId}
        >
          {message.user}
          {own && <span className="sr-only"> (you)</span>}
        </span>
        <time
          dateTime={new Date(message.timestamp).toISOString()}
          className="tabular shrink-0 text-[10px] text-ink-faint"
        >
          {formatDateTime(message.timestamp)}
        </time>
      </div>
      <p className="mt-0.5 text-sm leading-snug whitespace-pre-wrap text-ink [overflow-wrap:anywhere]">
        {message.message}
      </p>
    </li>
  );
}
