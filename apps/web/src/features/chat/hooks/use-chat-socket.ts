/**
 * Connects to the `/chat` socket while mounted: history on every (re)connect and each new message go
 * into the chat's query cache, and {@link ChatSocket.send} posts with an acknowledgement.
 *
 * The server reads the session token from the handshake (`auth.token`) once per connection, so a new
 * token (sign-in, sign-out, another wallet) opens a new connection.
 *
 * @module
 */

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { SocketClient, type SocketStatus } from '../../../lib/socket-client.ts';
import { chatMessagesQueryKey, mergeChatMessages } from '../api/get-chat-messages.ts';
import { isChatMessage, type ChatMessage } from '../utils/chat-text.ts';

/** How long a post may wait for the server's acknowledgement. */
export const CHAT_SEND_TIMEOUT_MS = 10_000;

/** Shown when a post gets no usable answer (the server's own wording for a failed post). */
export const CHAT_SEND_FAILED = 'Could not send the message';

/** The outcome of a post. */
export type ChatSendResult =
  | { readonly ok: true }
  /** `code`: the server's refusal's catalogue code; null when the message never got an answer. */
  | { readonly ok: false; readonly error: string; readonly code: number | null };

/** What {@link useChatSocket} returns. */
export interface ChatSocket {
  readonly status: SocketStatus;
  readonly reconnectNow: () => void;
  /** Posts `text`; resolves with the server's verdict (never rejects). */
  readonly send: (text: string) => Promise<ChatSendResult>;
}

/** Keeps the chat live while mounted, authenticated with `token` when there is one. */
export function useChatSocket(token: string | null): ChatSocket {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const clientRef = useRef<SocketClient | null>(null);

  useEffect(() => {
    const client = new SocketClient({ path: '/chat', ...(token === null ? {} : { auth: { token } }) });
    clientRef.current = client;
    const add = (messages: readonly ChatMessage[]) =>
      queryClient.setQueryData<readonly ChatMessage[]>(chatMessagesQueryKey, (current) =>
        mergeChatMessages(current ?? [], messages),
      );
    const offStatus = client.onStatus(setStatus);
    const offHistory = client.on('messages', (messages: unknown) => {
      add(Array.isArray(messages) ? messages.filter(isChatMessage) : []);
    });
    const offNew = client.on('new_message', (message: unknown) => {
      if (isChatMessage(message)) add([message]);
    });
    client.open();
    return () => {
      offStatus();
      offHistory();
      offNew();
      client.close();
      clientRef.current = null;
    };
  }, [queryClient, token]);

  const reconnectNow = useCallback(() => clientRef.current?.reconnectNow(), []);

  const send = useCallback(
    async (text: string): Promise<ChatSendResult> => {
      const client = clientRef.current;
      if (client === null) return { ok: false, error: CHAT_SEND_FAILED, code: null };
      let reply: unknown;
      try {
        reply = await client.request('message', text, CHAT_SEND_TIMEOUT_MS);
      } catch {
        return { ok: false, error: CHAT_SEND_FAILED, code: null };
      }
      if (typeof reply !== 'object' || reply === null)
        return { ok: false, error: CHAT_SEND_FAILED, code: null };
      const ack = reply as { success?: unknown; error?: unknown; code?: unknown; message?: unknown };
      if (ack.success === true) {
        // The broadcast brings it too; adding it now shows it without waiting for that round trip.
        if (isChatMessage(ack.message)) {
          const message = ack.message;
          queryClient.setQueryData<readonly ChatMessage[]>(chatMessagesQueryKey, (current) =>
            mergeChatMessages(current ?? [], [message]),
          );
        }
        return { ok: true };
      }
      return {
        ok: false,
        error: typeof ack.error === 'string' && ack.error !== '' ? ack.error : CHAT_SEND_FAILED,
        code: typeof ack.code === 'number' ? ack.code : null,
      };
    },
    [queryClient],
  );

  return { status, reconnectNow, send };
}
