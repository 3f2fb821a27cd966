import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { visibleRecordIdSql } from '../records/permissions.ts';
import { CRM_TYPE, recordTitle, type RecordValues } from '@tradeloop/contracts/crm/records';
import {
  LEAD_MESSAGES,
  type LeadThread,
  THREAD_TYPE,
  THREAD_TYPE_LABELS,
  type ThreadContact,
  type threadIndexQuerySchema,
  type ThreadProduct,
  type threadStoreBodySchema,
  type ThreadTypeId,
} from '@tradeloop/contracts/crm/leads';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.ts';
import { AppError, invalid, notFound } from '../../../platform/errors.ts';
import { userNameSql } from '../../accounts/public.ts';
import { productDetail, type Caches, categoryTree, pathOf } from '../../catalog/public.ts';
import type { Actor } from '../records/service.ts';
import { findRecord } from '../records/read.ts';
import { recordColumnSql, recordIsLiveSql } from '../records/access.ts';
import { crmLeadThreads } from './tables.ts';
import { addTimeline } from '../timeline/service.ts';

/*
 * Lead threads (docs/decisions/017): each request that brought a lead in or came back on it, with
 * who asked and about what. Marketplace quote requests (type 1) and chat enquiries (type 2) are
 * written by the loop (loop-service.ts); a seller adds type 3 by hand.
 */

export type NewThread = {
  companyId: number;
  leadId: number;
  type: ThreadTypeId;
  threadName: string;
  leadSource: string;
  contactDetails: ThreadContact;
  productDetails: ThreadProduct;
  message: string | null;
  enquiryId?: number | null;
  roomId?: number | null;
  buyerUserId?: number | null;
  createdBy: number | null;
  /** The line of the lead's history that tells of the thread. */
  summary: string;
};

/** Stores a thread and its line in the lead's history; call inside the writing transaction. */
export async function addThread(tx: Tx, thread: NewThread) {
  const [row] = await tx
    .insert(crmLeadThreads)
    .values({
      companyId: thread.companyId,
      leadId: thread.leadId,
      threadType: thread.type,
      threadName: thread.threadName,
      leadSource: thread.leadSource,
      contactDetails: thread.contactDetails,
      productDetails: thread.productDetails,
      message: thread.message,
      enquiryId: thread.enquiryId ?? null,
      roomId: thread.roomId ?? null,
      buyerUserId: thread.buyerUserId ?? null,
      createdBy: thread.createdBy,
    })
    .returning({ id: crmLeadThreads.id });
  await addTimeline(tx, {
    companyId: thread.companyId,
    recordId: thread.leadId,
    kind: 'thread_added',
    actorId: thread.createdBy ?? thread.buyerUserId ?? null,
    summary: thread.summary,
    details: {
      thread_id: row.id,
      thread_type: thread.type,
      enquiry_id: thread.enquiryId ?? null,
      room_id: thread.roomId ?? null,
    },
  });
  return row.id;
}

const threadSelection = {
  thread: crmLeadThreads,
  leadUniqueId: recordColumnSql(crmLeadThreads.leadId, 'uniqueId'),
  leadValues: recordColumnSql(crmLeadThreads.leadId, 'values'),
  authorName: userNameSql(crmLeadThreads.createdBy),
};

function selectThreads(tx: Tx) {
  return tx.select(threadSelection).from(crmLeadThreads);
}

type ThreadRow = {
  thread: typeof crmLeadThreads.$inferSelect;
  leadUniqueId: string;
  leadValues: RecordValues;
  authorName: string | null;
};

function toThread({ thread, leadUniqueId, leadValues, authorName }: ThreadRow): LeadThread {
  const status = leadValues.lead_status;
  return {
    id: thread.id,
    unique_id: thread.uniqueId,
    thread_type: thread.threadType,
    type: `type_${thread.threadType}`,
    thread_name: thread.threadName,
    lead_source: thread.leadSource,
    contact_details: thread.contactDetails as ThreadContact,
    product_details: thread.productDetails as ThreadProduct,
    message: thread.message,
    enquiry_id: thread.enquiryId,
    room_id: thread.roomId,
    buyer_user_id: thread.buyerUserId,
    created_by:
      thread.createdBy !== null && authorName !== null ? { id: thread.createdBy, full_name: authorName } : null,
    created_at: thread.createdAt.toISOString(),
    lead: {
      id: thread.leadId,
      unique_id: leadUniqueId,
      title: recordTitle(CRM_TYPE.leads, leadValues),
      status: typeof status === 'string' ? status : null,
    },
  };
}

/** Threads of live leads of the company only. */
const liveThreadsOf = (companyId: number, ...conditions: (SQL | undefined)[]) =>
  and(
    eq(crmLeadThreads.companyId, companyId),
    recordIsLiveSql(crmLeadThreads.leadId),
    visibleRecordIdSql(crmLeadThreads.leadId),
    ...conditions,
  );

/** GET thread/index: the company's threads, newest or oldest first, by lead and type, paged. */
export async function listThreads(tx: Tx, companyId: number, query: z.output<typeof threadIndexQuerySchema>) {
  const where = liveThreadsOf(
    companyId,
    query.lead_id === undefined ? undefined : eq(crmLeadThreads.leadId, query.lead_id),
    query.type === undefined ? undefined : eq(crmLeadThreads.threadType, query.type as ThreadTypeId),
  );
  const [{ total }] = await tx.select({ total: count() }).from(crmLeadThreads).where(where);
  const order =
    query.sort_by === 'oldest'
      ? [asc(crmLeadThreads.createdAt), asc(crmLeadThreads.id)]
      : [desc(crmLeadThreads.createdAt), desc(crmLeadThreads.id)];
  const rows = await selectThreads(tx)
    .where(where)
    .orderBy(...order)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    data: rows.map(toThread),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(Number(total) / query.per_page)),
    perPage: query.per_page,
    total: Number(total),
  };
}

/** GET thread/list/{id}: the threads of one lead of the company, newest first (404 otherwise). */
export async function threadsOfLead(tx: Tx, companyId: number, leadId: number) {
  const lead = await findRecord(tx, companyId, { id: leadId, typeId: CRM_TYPE.leads });
  const rows = await selectThreads(tx)
    .where(liveThreadsOf(companyId, eq(crmLeadThreads.leadId, lead.id)))
    .orderBy(desc(crmLeadThreads.createdAt), desc(crmLeadThreads.id));
  return rows.map(toThread);
}

/** A thread of the lead (a status changed from inside it); another lead's or company's is 404. */
export async function threadOfLead(tx: Tx, companyId: number, leadId: number, threadId: number) {
  const [row] = await tx
    .select()
    .from(crmLeadThreads)
    .where(
      and(eq(crmLeadThreads.id, threadId), eq(crmLeadThreads.companyId, companyId), eq(crmLeadThreads.leadId, leadId)),
    );
  if (!row) throw notFound();
  return row;
}

/**
 * The chat room of a thread on a lead the running request may see (decision 062): another company's
 * thread, one of a lead in the bin or of another user's lead (own-records roles), and a thread with no
 * conversation all answer 404, as a missing one.
 */
export async function roomOfThread(tx: Tx, companyId: number, threadId: number) {
  const [row] = await tx
    .select({ leadId: crmLeadThreads.leadId, roomId: crmLeadThreads.roomId })
    .from(crmLeadThreads)
    .where(liveThreadsOf(companyId, eq(crmLeadThreads.id, threadId)));
  if (!row || row.roomId === null) throw notFound();
  await findRecord(tx, companyId, { id: row.leadId, typeId: CRM_TYPE.leads });
  return row.roomId;
}

/** A marketplace thread already written for this enquiry or chat room (an event told twice). */
export async function loopThreadExists(
  tx: Tx,
  companyId: number,
  source: { enquiryId: number } | { roomId: number; productId: number | null },
) {
  const [row] = await tx
    .select({ id: crmLeadThreads.id })
    .from(crmLeadThreads)
    .where(
      and(
        eq(crmLeadThreads.companyId, companyId),
        'enquiryId' in source
          ? eq(crmLeadThreads.enquiryId, source.enquiryId)
          : and(
              eq(crmLeadThreads.roomId, source.roomId),
              // A conversation holds one request per product it came to be about.
              source.productId === null
                ? undefined
                : sql`${crmLeadThreads.productDetails}->>'product_id' = ${String(source.productId)}`,
            ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The lead a marketplace enquiry's thread belongs to, or null (automation's no-reply check). */
export async function leadOfEnquiry(tx: Tx, companyId: number, enquiryId: number): Promise<number | null> {
  const [row] = await tx
    .select({ leadId: crmLeadThreads.leadId })
    .from(crmLeadThreads)
    .where(and(eq(crmLeadThreads.companyId, companyId), eq(crmLeadThreads.enquiryId, enquiryId)))
    .limit(1);
  return row?.leadId ?? null;
}

export type ProductFacts = { details: ThreadProduct; categoryIds: number[]; choiceNames: string[] };

/**
 * What a thread shows of a product of the company, through the catalogue's service: name, link,
 * image and categories; `categoryIds` adds every category above them (assignment by category).
 * Null when the product is gone.
 */
export async function productFacts(
  tx: Tx,
  companyId: number,
  productId: number,
  caches?: Caches,
): Promise<ProductFacts | null> {
  let product;
  try {
    product = await productDetail(tx, companyId, productId, caches);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
  const tree = caches?.tree ?? (await categoryTree(tx));
  const categoryIds = new Set<number>();
  for (const category of product.categories) {
    for (const step of pathOf(tree, category.id)) categoryIds.add(step.id);
  }
  return {
    details: {
      product_id: product.id,
      name: product.name,
      pre_title_name: product.pre_title_name,
      slug: product.slug,
      url: product.product_url,
      image: product.main_image?.card ?? null,
      categories: product.categories.map(({ id, name }) => ({ id, name })),
    },
    categoryIds: [...categoryIds],
    choiceNames: product.choice_options.map((option) => option.name),
  };
}

/** Who the lead is, as a thread shows it. */
function contactOfLead(values: RecordValues): ThreadContact {
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' && value.trim() ? value : null;
  };
  return {
    name: recordTitle(CRM_TYPE.leads, values),
    first_name: text('first_name'),
    last_name: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    mobile: text('mobile'),
    company: text('company'),
    country: text('country'),
    city: text('city'),
  };
}

/** POST thread/store: a type 3 entry on a lead, by hand, optionally about one of the company's products. */
export async function storeManualThread(
  tx: Tx,
  actor: Actor,
  body: z.output<typeof threadStoreBodySchema>,
  caches?: Caches,
) {
  const lead = await findRecord(tx, actor.companyId, { id: body.lead_id, typeId: CRM_TYPE.leads });
  let productDetails: ThreadProduct = {};
  if (body.product_id !== undefined) {
    const facts = await productFacts(tx, actor.companyId, body.product_id, caches);
    if (!facts) throw invalid({ product_id: [LEAD_MESSAGES.productNotYours] });
    productDetails = { ...facts.details, quantity: body.quantity ?? null };
  }
  const source = lead.values.lead_source;
  const id = await addThread(tx, {
    companyId: actor.companyId,
    leadId: lead.id,
    type: THREAD_TYPE.manual,
    threadName: body.thread_name,
    leadSource: typeof source === 'string' && source ? source : THREAD_TYPE_LABELS[THREAD_TYPE.manual],
    contactDetails: contactOfLead(lead.values),
    productDetails,
    message: body.message || null,
    createdBy: actor.userId,
    summary: `Entry added: ${body.thread_name}`,
  });
  const [row] = await selectThreads(tx).where(eq(crmLeadThreads.id, id));
  return toThread(row);
}
