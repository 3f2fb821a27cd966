import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../platform/events.ts';
import type { FileUrls } from '../../platform/file-urls.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { ChatStorage } from './files.ts';

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
};
