import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BUYING_REQUEST_FILE_FIELD,
  BUYING_REQUEST_LIMITS,
  BUYING_REQUEST_MESSAGES,
  type BuyingRequestDetail,
  type BuyingRequestPage,
  type BuyingRequestSummary,
  type buyingRequestBodySchema,
  type buyingRequestIndexQuerySchema,
} from '@tradeloop/contracts/buying-requests';
import { DEFAULT_CURRENCY_ID } from '@tradeloop/contracts/common';
import { isCountedUnit } from '@tradeloop/contracts/reference';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, invalid, notFound, type FieldErrors } from '../../platform/errors.ts';
import { fileKind, fileNameFor } from '../../platform/file-kinds.ts';
import type { AuthUser } from '../../platform/sessions.ts';
import { PRIVATE_FOLDERS, type Storage } from '../../platform/storage.ts';
import { companyOwner, findCompanies } from '../accounts/public.ts';
import { categoryTree, suppliersInCategory } from '../catalog/public.ts';
import { enquiryStates, openEnquiries } from '../quotes/public.ts';
import { listCountries, listCurrencies, listUnits } from '../reference/public.ts';
import { buyingRequestFiles, buyingRequestRecipients, buyingRequests } from './tables.ts';

/*
 * Buying requests (docs/decisions/055): a buyer's description of what they need, sent to the
 * suppliers whose catalogue has it. Each supplier gets an enquiry to answer (the quotes module's) and,
 * through the outbox, a lead with a type 3 thread in their CRM (crm-work's loop).
 */

type Body = z.infer<typeof buyingRequestBodySchema>;
type Row = typeof buyingRequests.$inferSelect;

export type IncomingAttachment = { fileName: string; data: Buffer };
export type StoredAttachment = { key: string; fileName: string; mime: string; size: number };
export type Recipient = { companyId: number; sellerUserId: number; enquiryId: number };

const FOLDER = PRIVATE_FOLDERS.buyingRequests;
export const BUYING_REQUEST_FILE_PATH = '/api/v1/buying-request/file/';

/** Checks each file by its bytes (the CRM files' rules) and keeps it; a refusal names the file. */
export async function storeAttachments(storage: Storage, files: IncomingAttachment[]): Promise<StoredAttachment[]> {
  if (files.length > BUYING_REQUEST_LIMITS.attachments) {
    throw invalid({ [BUYING_REQUEST_FILE_FIELD]: [BUYING_REQUEST_MESSAGES.tooManyAttachments] });
  }
  const checked = files.map((file) => {
    if (file.data.length > BUYING_REQUEST_LIMITS.attachmentMaxBytes) {
      throw invalid({ [BUYING_REQUEST_FILE_FIELD]: [BUYING_REQUEST_MESSAGES.attachmentTooLarge] });
    }
    try {
      const kind = fileKind(file.data, file.fileName);
      return { file, kind, fileName: fileNameFor(file.fileName, kind, BUYING_REQUEST_LIMITS.attachmentNameMaxChars) };
    } catch (error) {
      if (error instanceof AppError && error.errors) {
        throw invalid({ [BUYING_REQUEST_FILE_FIELD]: Object.values(error.errors).flat() });
      }
      throw error;
    }
  });
  const stored: StoredAttachment[] = [];
  for (const { file, kind, fileName } of checked) {
    const key = `${FOLDER}/${randomUUID()}.${kind.extension}`;
    await storage.put(key, file.data);
    stored.push({ key, fileName, mime: kind.mime, size: file.data.length });
  }
  return stored;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The references the request names, checked against the reference data and the taxonomy; all refusals at once. */
async function resolve(db: Db | Tx, body: Body) {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const tree = await categoryTree(db);
  const category = tree.byId.get(body.category_id);
  if (!category) fail('category_id', BUYING_REQUEST_MESSAGES.categoryNotFound);
  const unit = (await listUnits(db as Db)).find((entry) => entry.id === body.unit_id);
  if (!unit) fail('unit_id', BUYING_REQUEST_MESSAGES.unitNotFound);
  else if (isCountedUnit(unit.name) && body.quantity.includes('.') && !/\.0+$/.test(body.quantity)) {
    fail('quantity', BUYING_REQUEST_MESSAGES.quantityWhole(unit.name));
  }
  const currencies = await listCurrencies(db as Db);
  const currency =
    body.currency_id === undefined ? undefined : currencies.find((entry) => entry.id === body.currency_id);
  if (body.currency_id !== undefined && !currency) fail('currency_id', BUYING_REQUEST_MESSAGES.currencyNotFound);
  if (body.target_price !== undefined && body.currency_id === undefined) {
    fail('currency_id', BUYING_REQUEST_MESSAGES.currencyRequired);
  }
  const wanted = body.country_code.toUpperCase();
  const country = (await listCountries(db as Db)).find(
    (entry) => entry.iso2 === wanted || entry.code.toUpperCase() === wanted,
  );
  if (!country) fail('country_code', BUYING_REQUEST_MESSAGES.countryNotFound);
  if (body.required_by < today()) fail('required_by', BUYING_REQUEST_MESSAGES.datePast);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return { category: category!, unit: unit!, currency, country: country! };
}

const titleOf = (keyword: string | null, categoryName: string) => keyword || categoryName;

/**
 * Stores the request and sends it to the matching suppliers (at most `maxSuppliers`, never the buyer's
 * own company): one enquiry each, in the caller's transaction. Answers the request's id and recipients,
 * whose events the caller writes to the outbox in the same transaction.
 */
export async function postBuyingRequest(
  tx: Tx,
  buyer: AuthUser,
  body: Body,
  attachments: StoredAttachment[],
  maxSuppliers: number,
): Promise<{ id: number; recipients: Recipient[] }> {
  const { category, unit, currency, country } = await resolve(tx, body);
  const [row] = await tx
    .insert(buyingRequests)
    .values({
      buyerUserId: buyer.id,
      buyerCompanyId: buyer.companyId,
      categoryId: category.id,
      productKeyword: body.product_keyword ?? null,
      quantity: body.quantity,
      unitId: unit.id,
      targetPrice: body.target_price ?? null,
      currencyId: currency?.id ?? null,
      countryCode: country.iso2,
      port: body.port ?? null,
      requiredBy: body.required_by,
      requirements: body.requirements,
    })
    .returning({ id: buyingRequests.id });
  if (attachments.length > 0) {
    await tx.insert(buyingRequestFiles).values(
      attachments.map((file) => ({
        requestId: row.id,
        storageKey: file.key,
        fileName: file.fileName,
        mime: file.mime,
        size: file.size,
      })),
    );
  }
  // The destination's region is its territory (spec section 3): a supplier serves it with a product
  // stating that territory or none.
  const matches = await suppliersInCategory(tx, {
    categoryId: category.id,
    territoryId: country.region ?? null,
    excludeCompanyId: buyer.companyId,
    limit: maxSuppliers,
  });
  const sellers: { companyId: number; sellerUserId: number }[] = [];
  for (const match of matches) {
    const owner = await companyOwner(tx, match.companyId);
    if (owner && owner.id !== buyer.id) sellers.push({ companyId: match.companyId, sellerUserId: owner.id });
  }
  const title = titleOf(body.product_keyword ?? null, category.name);
  const enquiryIds = await openEnquiries(
    tx,
    sellers.map((seller) => ({
      buyerUserId: buyer.id,
      sellerUserId: seller.sellerUserId,
      sellerCompanyId: seller.companyId,
      title,
      quantity: Number(body.quantity),
      unitName: unit.name,
      currencyId: currency?.id ?? DEFAULT_CURRENCY_ID,
      unitPrice: body.target_price === undefined ? 0 : Number(body.target_price),
      neededBy: new Date(`${body.required_by}T00:00:00Z`),
      message: body.requirements,
    })),
  );
  const recipients = sellers.map((seller, index) => ({ ...seller, enquiryId: enquiryIds[index] }));
  if (recipients.length > 0) {
    await tx.insert(buyingRequestRecipients).values(recipients.map((entry) => ({ requestId: row.id, ...entry })));
  }
  return { id: row.id, recipients };
}

/** Reads shared by the buyer's pages and the CRM's thread: names of the request's references. */
async function describe(db: Db | Tx) {
  const tree = await categoryTree(db);
  const units = new Map((await listUnits(db as Db)).map((unit) => [unit.id, unit.name]));
  const currencies = new Map((await listCurrencies(db as Db)).map((currency) => [currency.id, currency]));
  const countries = new Map((await listCountries(db as Db)).map((country) => [country.iso2, country.name]));
  return (row: Row) => {
    const category = tree.byId.get(row.categoryId);
    const currency = row.currencyId === null ? undefined : currencies.get(row.currencyId);
    const categoryName = category?.name ?? '';
    return {
      title: titleOf(row.productKeyword, categoryName),
      category: { id: row.categoryId, name: categoryName, slug: category?.slug ?? '' },
      unit: units.get(row.unitId) ?? '',
      currency: currency ? { id: currency.id, code: currency.code, symbol: currency.symbol } : null,
      country: { code: row.countryCode, name: countries.get(row.countryCode) ?? row.countryCode },
    };
  };
}

/** Trailing zeros of a numeric column go: "12.5000" is "12.5". */
const plain = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

async function summariesOf(db: Db | Tx, rows: Row[]): Promise<BuyingRequestSummary[]> {
  const names = await describe(db);
  const ids = rows.map((row) => row.id);
  const recipients =
    ids.length === 0
      ? []
      : await db
          .select({ requestId: buyingRequestRecipients.requestId, enquiryId: buyingRequestRecipients.enquiryId })
          .from(buyingRequestRecipients)
          .where(inArray(buyingRequestRecipients.requestId, ids));
  const states = await enquiryStates(
    db,
    recipients.map((entry) => entry.enquiryId),
  );
  return rows.map((row) => {
    const mine = recipients.filter((entry) => entry.requestId === row.id);
    return {
      id: row.id,
      ...names(row),
      product_keyword: row.productKeyword,
      quantity: plain(row.quantity),
      target_price: row.targetPrice === null ? null : plain(row.targetPrice),
      port: row.port,
      required_by: row.requiredBy,
      suppliers: mine.length,
      answers: mine.filter((entry) => states.get(entry.enquiryId)?.firstResponseAt).length,
      created_at: row.createdAt.toISOString(),
    };
  });
}

/** The buyer's requests, newest first. */
export async function listBuyingRequests(
  db: Db,
  buyer: AuthUser,
  query: z.infer<typeof buyingRequestIndexQuerySchema>,
): Promise<BuyingRequestPage> {
  const mine = eq(buyingRequests.buyerUserId, buyer.id);
  const [{ total }] = await db.select({ total: count() }).from(buyingRequests).where(mine);
  const rows = await db
    .select()
    .from(buyingRequests)
    .where(mine)
    .orderBy(desc(buyingRequests.createdAt), desc(buyingRequests.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    data: await summariesOf(db, rows),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
  };
}

/** How many buying requests the user posted (the buyer dashboard's "RFQs"). */
export async function countBuyingRequests(db: Db | Tx, buyerUserId: number) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(buyingRequests)
    .where(eq(buyingRequests.buyerUserId, buyerUserId));
  return total;
}

async function attachmentsOf(db: Db | Tx, requestId: number) {
  const files = await db.select().from(buyingRequestFiles).where(eq(buyingRequestFiles.requestId, requestId));
  return files.map((file) => ({
    id: file.id,
    file_name: file.fileName,
    size: file.size,
    mime: file.mime,
    url: `${BUYING_REQUEST_FILE_PATH}${file.id}`,
  }));
}

/** One of the buyer's requests with the suppliers it went to and their answers; anyone else's: 404. */
export async function buyingRequestDetail(db: Db, buyer: AuthUser, id: number): Promise<BuyingRequestDetail> {
  const [row] = await db
    .select()
    .from(buyingRequests)
    .where(and(eq(buyingRequests.id, id), eq(buyingRequests.buyerUserId, buyer.id)));
  if (!row) throw notFound();
  const [summary] = await summariesOf(db, [row]);
  const recipients = await db
    .select()
    .from(buyingRequestRecipients)
    .where(eq(buyingRequestRecipients.requestId, id))
    .orderBy(buyingRequestRecipients.id);
  const states = await enquiryStates(
    db,
    recipients.map((entry) => entry.enquiryId),
  );
  const companies = new Map(
    (
      await findCompanies(
        db,
        recipients.map((entry) => entry.companyId),
      )
    ).map((company) => [company.id, company.name]),
  );
  return {
    ...summary,
    requirements: row.requirements,
    attachments: await attachmentsOf(db, id),
    recipients: recipients.map((entry) => {
      const state = states.get(entry.enquiryId);
      return {
        company_id: entry.companyId,
        company_name: companies.get(entry.companyId) ?? 'Former supplier',
        enquiry_id: entry.enquiryId,
        status: state?.status ?? 'open',
        offer_unit_price: state?.offerUnitPrice ?? null,
        offer_total: state?.offerTotal ?? null,
        valid_until: state?.validUntil?.toISOString() ?? null,
        last_message: state?.lastMessage ?? null,
        answered_at: state?.firstResponseAt?.toISOString() ?? null,
      };
    }),
  };
}

/**
 * An attachment, to the buyer who posted the request or a member of a company it was sent to;
 * to anyone else, nothing (404).
 */
export async function openAttachment(
  db: Db,
  storage: Storage,
  viewer: { id: number; companyId: number | null },
  fileId: number,
) {
  const [file] = await db
    .select({ file: buyingRequestFiles, buyerUserId: buyingRequests.buyerUserId, requestId: buyingRequests.id })
    .from(buyingRequestFiles)
    .innerJoin(buyingRequests, eq(buyingRequests.id, buyingRequestFiles.requestId))
    .where(eq(buyingRequestFiles.id, fileId));
  if (!file) return null;
  let allowed = file.buyerUserId === viewer.id;
  if (!allowed && viewer.companyId !== null) {
    const [recipient] = await db
      .select({ id: buyingRequestRecipients.id })
      .from(buyingRequestRecipients)
      .where(
        and(
          eq(buyingRequestRecipients.requestId, file.requestId),
          eq(buyingRequestRecipients.companyId, viewer.companyId),
        ),
      );
    allowed = Boolean(recipient);
  }
  if (!allowed) return null;
  const opened = await storage.open(file.file.storageKey);
  return opened && { ...opened, mime: file.file.mime, fileName: file.file.fileName };
}

// ── for other modules (docs/decisions/023): the CRM loop ──────────────────────────────────────

/** What a supplier's CRM thread shows of request `id` sent to company `companyId`; undefined otherwise. */
export async function requestForSupplier(tx: Tx, id: number, companyId: number) {
  const [row] = await tx
    .select({ request: buyingRequests })
    .from(buyingRequests)
    .innerJoin(buyingRequestRecipients, eq(buyingRequestRecipients.requestId, buyingRequests.id))
    .where(and(eq(buyingRequests.id, id), eq(buyingRequestRecipients.companyId, companyId)));
  if (!row) return undefined;
  const names = (await describe(tx))(row.request);
  return {
    id,
    ...names,
    keyword: row.request.productKeyword,
    quantity: Number(row.request.quantity),
    targetPrice: row.request.targetPrice === null ? null : Number(row.request.targetPrice),
    port: row.request.port,
    requiredBy: row.request.requiredBy,
    requirements: row.request.requirements,
    attachments: await attachmentsOf(tx, id),
  };
}
