import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { QUOTE_MESSAGES, type QuoteState, type quoteConfigurationBodySchema } from '@tradeloop/contracts/quotes';
import type { Db, Tx } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import { findListing, currentRates, displayCurrency, roundMoney } from '../market/public.ts';
import { priceLine, showLine, type PricedLine } from './pricing.ts';
import { quoteConfigurations } from './tables.ts';

type ConfigurationBody = z.infer<typeof quoteConfigurationBodySchema>;

const DAY_MS = 24 * 60 * 60 * 1000;
const FORGET_CHANCE = 0.01;
type StoredLine = typeof quoteConfigurations.$inferSelect;

/** Lines of a quote session belong to whoever started it: another user (or a visitor) never sees them. */
const sessionOwner = (userId: number | null) => sql`${quoteConfigurations.userId} is not distinct from ${userId}`;

export async function sessionLines(db: Tx, sessionId: string, userId: number | null): Promise<StoredLine[]> {
  return db
    .select()
    .from(quoteConfigurations)
    .where(and(eq(quoteConfigurations.sessionId, sessionId), sessionOwner(userId)))
    .orderBy(asc(quoteConfigurations.id));
}

export function storedToPriced(
  row: StoredLine,
  listing: {
    name: string;
    preTitleName: string | null;
    minOrder: number | null;
    unitName: string | null;
    image: string | null;
  },
): PricedLine {
  return {
    productId: row.productId,
    productName: listing.name,
    preTitleName: listing.preTitleName,
    type: row.type,
    combination: row.combination,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    total: row.total,
    currencyId: row.currencyId,
    equation: row.equation,
    minOrder: listing.minOrder,
    unitName: listing.unitName,
    image: listing.image,
  };
}

async function saveLine(
  tx: Tx,
  sessionId: string,
  userId: number | null,
  line: PricedLine,
  mainProductId: number | null,
) {
  const values = {
    sessionId,
    userId,
    productId: line.productId,
    mainProductId,
    type: line.type,
    combination: line.combination,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    total: line.total,
    currencyId: line.currencyId,
    equation: line.equation,
    updatedAt: new Date(),
  };
  // A session id another user already holds is refused rather than shared.
  const [saved] = await tx
    .insert(quoteConfigurations)
    .values(values)
    .onConflictDoUpdate({
      target: [quoteConfigurations.sessionId, quoteConfigurations.productId],
      set: values,
      setWhere: sessionOwner(userId),
    })
    .returning({ id: quoteConfigurations.id });
  if (!saved) throw invalid({ unique_session_id: [QUOTE_MESSAGES.sessionRequired] });
}

/**
 * POST front/quote_configuration: prices one line of the quote being put together (the configured
 * product, or a related simple product of the same seller) and answers the whole quote so far.
 */
export async function configureQuote(tx: Tx, userId: number | null, body: ConfigurationBody): Promise<QuoteState> {
  const db = tx as Db;
  // Quotes started and never sent are forgotten after a day; now and then a call clears them.
  if (Math.random() < FORGET_CHANCE) {
    await tx.delete(quoteConfigurations).where(lt(quoteConfigurations.updatedAt, new Date(Date.now() - DAY_MS)));
  }
  const listing = await findListing(db, String(body.product_id));
  const mainId = body.main_product_id && body.main_product_id !== body.product_id ? body.main_product_id : null;
  if (mainId) {
    const main = await findListing(db, String(mainId));
    if (main.companyId !== listing.companyId) throw invalid({ product_id: [QUOTE_MESSAGES.relatedNotSameSeller] });
  }
  let line: PricedLine | null = null;
  if (body.quantity === 0) {
    if (!mainId) throw invalid({ quantity: [QUOTE_MESSAGES.quantityPositive] });
    await tx
      .delete(quoteConfigurations)
      .where(
        and(
          eq(quoteConfigurations.sessionId, body.unique_session_id),
          eq(quoteConfigurations.productId, listing.productId),
          sessionOwner(userId),
        ),
      );
  } else {
    line = await priceLine(db, listing, { combinations: body.combinations, quantity: body.quantity, type: body.type });
    await saveLine(tx, body.unique_session_id, userId, line, mainId);
  }
  return quoteState(tx, body.unique_session_id, userId, body.currency, mainId ?? listing.productId, line);
}

/** The session's quote around one main product: the main line and its related lines, converted. */
export async function quoteState(
  tx: Tx,
  sessionId: string,
  userId: number | null,
  currencyId: number,
  mainProductId: number,
  changed: PricedLine | null,
): Promise<QuoteState> {
  const db = tx as Db;
  const rates = await currentRates(db);
  const { currency, perUsd } = displayCurrency(rates, currencyId);
  const rows = (await sessionLines(tx, sessionId, userId)).filter(
    (row) => row.productId === mainProductId || row.mainProductId === mainProductId,
  );
  const lines = [];
  for (const row of rows) {
    const listing = await findListing(db, String(row.productId)).catch(() => null);
    if (!listing) continue;
    const priced = storedToPriced(row, { ...listing, image: null });
    lines.push(showLine(priced, row.productId === mainProductId ? 'main' : 'related', rates, perUsd));
  }
  lines.sort((a, b) => Number(a.role === 'related') - Number(b.role === 'related'));
  const main = lines.find((entry) => entry.role === 'main');
  return {
    unique_session_id: sessionId,
    line: changed ? showLine(changed, changed.productId === mainProductId ? 'main' : 'related', rates, perUsd) : null,
    lines,
    currency,
    total: roundMoney(lines.reduce((sum, entry) => sum + entry.total, 0)),
    unit_price: main?.unit_price ?? 0,
  };
}
