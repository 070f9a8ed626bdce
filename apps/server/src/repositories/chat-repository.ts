/**
 * The live chat's messages: stored as posted, read back as the `/chat` socket sends them.
 *
 * @module
 */

import type { Queryable } from '../db/database.ts';

/** A chat message, as the `/chat` socket sends it. */
export interface ChatMessage {
  /** Increasing with posting order. */
  readonly id: string;
  /** The poster's username when posting. */
  readonly user: string;
  /** The poster's wallet address. */
  readonly userId: string;
  /** Plain text, never markup. */
  readonly message: string;
  /** Unix milliseconds. */
  readonly timestamp: number;
}

interface Row {
  id: number;
  address: string;
  username: string;
  message: string;
  created_at: Date;
}

const toMessage = (row: Row): ChatMessage => ({
  id: String(row.id),
  user: row.username,
  userId: row.address,
  message: row.message,
  timestamp: row.created_at.getTime(),
});

/** Reads and writes `chat_messages`. */
export class ChatRepository {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /** Stores a message posted at `atMs` (unix milliseconds). */
  async add(message: {
    readonly address: string;
    readonly username: string;
    readonly text: string;
    readonly atMs: number;
  }): Promise<ChatMessage> {
    const rows = await this.#db.query<Row>(
      `INSERT INTO chat_messages (address, username, message, created_at) VALUES ($1, $2, $3, $4)
       RETURNING id, address, username, message, created_at`,
      [message.address, message.username, message.text, new Date(message.atMs)],
    );
    return toMessage(rows[0]!);
  }

  /** The latest `limit` messages, oldest first (the order a chat shows them in). */
  async latest(limit: number): Promise<ChatMessage[]> {
    const rows = await this.#db.query<Row>(
      `SELECT id, address, username, message, created_at FROM chat_messages ORDER BY id DESC LIMIT $1`,
      [limit],
    );
    return rows.reverse().map(toMessage);
  }
}
