import { CHAT_MESSAGE_MAX_LENGTH } from '@arcade/sdk/constants';
import { useId, useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import type { ChatBlocker } from '../utils/chat-blocker.ts';
import {
  canSendChatText,
  chatLength,
  chatLengthProblem,
  chatTextProblem,
  normalizeChatInput,
} from '../utils/chat-text.ts';

/** Props of {@link ChatComposer}. */
export interface ChatComposerProps {
  /** Null when the user may post. */
  readonly blocker: ChatBlocker | null;
  /** Posts the trimmed text; resolves with the server's refusal, or null once posted. */
  readonly onSend: (text: string) => Promise<string | null>;
}

/** Characters left below which the counter warns. */
const COUNTER_WARN_AT = 10;

/**
 * The chat input: one line, at most {@link CHAT_MESSAGE_MAX_LENGTH} characters with a counter, sent on
 * Enter. Longer text is kept as typed or pasted, flagged (the counter turns red, a notice says by how
 * much) and not sent until shortened: never cut silently. A refused message (too fast, too long…) keeps
 * its text with the server's reason below it. When posting is unavailable it is disabled and says why,
 * with the fix as a button.
 */
export function ChatComposer({ blocker, onSend }: ChatComposerProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const length = chatLength(text);
  const tooLong = chatLengthProblem(text);
  const disabled = blocker !== null;

  async function submit() {
    if (disabled || sending || !canSendChatText(text)) return;
    const problem = chatTextProblem(text);
    if (problem !== null) {
      setError(problem);
      return;
    }
    setSending(true);
    setError(null);
    const refusal = await onSend(text.trim());
    setSending(false);
    if (refusal === null) {
      setText('');
    } else {
      setError(refusal);
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="border-t border-edge bg-base/80 p-3 backdrop-blur"
    >
      {blocker !== null && (
        <div
          role="status"
          className="mb-2 flex items-center justify-between gap-2 rounded-xl border border-edge bg-panel-2 px-3 py-2 text-xs text-ink-dim"
        >
          <span>{blocker.reason}</span>
          {blocker.action !== undefined && (
            <Button
              size="sm"
              variant="secondary"
              onClick={blocker.action.onClick}
              pending={blocker.action.pending ?? false}
            >
              {blocker.action.label}
            </Button>
          )}
        </div>
      )}
      <div className="flex items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          Chat message
        </label>
        <div className="relative min-w-0 flex-1">
          <input
            id={inputId}
            type="text"
            enterKeyHint="send"
            autoComplete="off"
            value={text}
            disabled={disabled}
            aria-describedby={hintId}
            aria-invalid={error !== null || tooLong !== null || undefined}
            placeholder={disabled ? 'Chat is read-only' : 'Say something…'}
            onChange={(event) => {
              setText(normalizeChatInput(event.target.value));
              setError(null);
            }}
            className="h-10 w-full rounded-xl border border-edge bg-void/70 pr-14 pl-3 text-sm text-ink placeholder:text-ink-faint focus:border-accent/60 focus:outline-none disabled:cursor-not-allowed disabled:opacity-50"
          />
          <span
            className={`tabular pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-[10px] ${
              length > CHAT_MESSAGE_MAX_LENGTH
                ? 'font-bold text-loss'
                : CHAT_MESSAGE_MAX_LENGTH - length <= COUNTER_WARN_AT
                  ? 'text-juice'
                  : 'text-ink-faint'
            }`}
            aria-label={`${length} of ${CHAT_MESSAGE_MAX_LENGTH} characters`}
          >
            {length}/{CHAT_MESSAGE_MAX_LENGTH}
          </span>
        </div>
        <Button
          type="submit"
          size="md"
          disabled={disabled || !canSendChatText(text)}
          pending={sending}
          aria-label="Send message"
        >
          <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
            <path d="M3 11.5 21 3l-8.5 18-2-7.5L3 11.5Z" fill="currentColor" />
          </svg>
        </Button>
      </div>
      <div id={hintId} className="min-h-4 pt-1 text-[11px]">
        {error !== null ? (
          <p role="alert" className="text-loss">
            {error}
          </p>
        ) : tooLong !== null ? (
          <p role="alert" className="text-loss">
            {tooLong}
          </p>
        ) : null}
      </div>
    </form>
  );
}
