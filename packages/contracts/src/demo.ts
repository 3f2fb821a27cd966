/** Demo accounts loaded on the first start into an empty database (see apps/server/src/db/demo-data.ts). */
export const DEMO_PASSWORD = 'TradeLoop#2026';

export const DEMO_ACCOUNTS = {
  seller: 'demo.seller@tradeloop.test',
  buyer: 'demo.buyer@tradeloop.test',
  subuser: 'demo.subuser@tradeloop.test',
} as const;
