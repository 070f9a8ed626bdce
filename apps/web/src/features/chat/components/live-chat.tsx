import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { useLayoutEffect, useRef, useState } from 'react';

import { Spinner } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session/session.tsx';
import { useProfile } from '../../../lib/user-profile.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { useChatMessages } from '../api/get-chat-messages.ts';
import { useChatSocket } from '../hooks/use-chat-socket.ts';
import { chatBlocker } from '../utils/chat-blocker.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatMessageRow } from './chat-message-row.tsx';

/** How close to the bottom (px) still counts as "at the bottom" for auto-scroll. */
const STICK_THRESHOLD_PX = 48;

/**
 * The sidebar's live chat: history and live messages, and posting when allowed
 * (docs/reference/validation.md#chat-messages).
 */
export function LiveChat() {
  const { wallet } = useWallet();
  const session = useSession();
  const ownSession =
    session.session !== null && wallet !== null && session.session.address === wallet.address
      ? session.session
      : null;
  const { status, reconnectNow, send } = useChatSocket(ownSession?.token ?? null);
  const messages = useChatMessages();
  // The profile modal's own query: saving a username there invalidates it, so the chat sees it at once.
  const profile = useProfile(ownSession?.address ?? null);
  const { refetch } = profile;

  const blocker = chatBlocker({
    hasWallet: wallet !== null,
    blocked: session.blocked || profile.data?.blocked === true,
    signedIn: ownSession !== null,
    signingIn: session.status === 'signing-in',
    // A failed profile read does not block posting: the server has the final word.
    username: profile.isError ? '' : profile.data?.username,
    status,
    signIn: () => void session.signIn(),
    retry: reconnectNow,
  });

  // Auto-scroll: follow new messages while the reader is at the bottom; otherwise count them in a pill.
  const listRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastId = useRef<string | null>(null);
  const [unseen, setUnseen] = useState(0);
  const scrollToBottom = () => {
    const list = listRef.current;
    if (list !== null) list.scrollTop = list.scrollHeight;
    atBottom.current = true;
    setUnseen(0);
  };

  useLayoutEffect(() => {
    if (messages === undefined || messages.length === 0) return;
    const last = messages[messages.length - 1]!;
    if (last.id === lastId.current) return;
    const previousIndex = lastId.current === null ? -1 : messages.findIndex((m) => m.id === lastId.current);
    const added = lastId.current === null ? 0 : messages.length - 1 - previousIndex;
    lastId.current = last.id;
    const mine = ownSession !== null && last.userId === ownSession.address;
    if (atBottom.current || mine || added === 0) {
      const list = listRef.current;
      if (list !== null) list.scrollTop = list.scrollHeight;
      atBottom.current = true;
      setUnseen(0);
    } else {
      setUnseen((count) => count + added);
    }
  }, [messages, ownSession]);

  async function post(text: string): Promise<string | null> {
    const result = await send(text);
    if (result.ok) {
      scrollToBottom();
      return null;
    }
    if (result.code === ApiErrorCode.CHAT_USERNAME_REQUIRED) void refetch();
    return result.error;
  }

  return (
    <section aria-label="Live chat" className="flex h-full min-h-0 flex-col">
      <div className="relative min-h-0 flex-1">
        {messages === undefined ? (
          status === 'lost' ? (
            <p role="alert" className="px-6 py-10 text-center text-sm text-ink-dim">
              Connection lost. The chat could not be loaded.
            </p>
          ) : (
            <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-ink-dim">
              <Spinner /> Loading the chat…
            </p>
          )
        ) : messages.length === 0 ? (
          <p className="px-6 py-10 text-center text-sm text-ink-dim">No messages yet. Say gm!</p>
        ) : (
          // The scrolling log is focusable, so keyboard users can scroll it (axe: scrollable-region-focusable);
          // the messages inside stay a list.
          <div
            ref={listRef}
            role="log"
            aria-label="Chat messages"
            aria-live="polite"
            tabIndex={0}
            onScroll={(event) => {
              const list = event.currentTarget;
              atBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < STICK_THRESHOLD_PX;
              if (atBottom.current) setUnseen(0);
            }}
            className="h-full overflow-y-auto rounded-xl px-2 py-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
          >
            <ol className="flex flex-col gap-1">
              {messages.map((message) => (
                <ChatMessageRow
                  key={message.id}
                  message={message}
                  own={ownSession !== null && message.userId === ownSession.address}
                />
              ))}
            </ol>
          </div>
        )}
        {unseen > 0 && (
          <button
            type="button"
            onClick={scrollToBottom}
            className="animate-pop-in absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-accent px-3 py-1 text-xs font-bold text-black shadow-[0_0_20px_-4px_var(--color-accent)]"
          >
            {unseen === 1 ? '1 new message' : `${unseen} new messages`} ↓
          </button>
        )}
      </div>
      <ChatComposer blocker={blocker} onSend={post} />
    </section>
  );
}
