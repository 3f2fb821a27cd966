import type { FastifyBaseLogger } from 'fastify';
import type { Review } from '@tradeloop/contracts/reviews';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { EventBus } from '../../platform/events.ts';
import type { FileUrls } from '../../platform/file-urls.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { ChatStorage } from './files.ts';

/** The buyer's review of a conversation (reviews, decision 045), or null. */
export type ConversationReview = (db: Tx, buyerId: number, roomId: number) => Promise<Review | null>;

/** What the chat services need from the platform, built once by the routes plugin. */
export type ChatContext = {
  db: Db;
  realtime: Realtime;
  events: EventBus;
  mailer: Mailer;
  storage: ChatStorage;
  /** Signs the addresses of chat files for the user an answer goes to. */
  fileUrls: FileUrls;
  config: Config;
  log: FastifyBaseLogger;
  /** The reviews module stands above the chat: app.ts hands in its look-up (decision 054). */
  conversationReview: ConversationReview;
};
