import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import type { EventDelivery, JobRunner, TransactionContext } from './jobs.ts';

/**
 * Named cross-module events (docs/decisions/022). A module that reacts to another's work subscribes here,
 * so every link between domains is visible in this one map. Events travel through the outbox: written in
 * the transaction of the change, delivered by the job runner at least once, handled once.
 */
export type DomainEvents = {
  'user.signed_up': { userId: number; userType: 'seller' | 'others'; companyId: number | null };
  /** A buyer's first message to a seller opened a conversation (the CRM turns it into a lead thread). */
  'chat.first_message': {
    buyerId: number;
    sellerId: number;
    sellerCompanyId: number;
    roomId: number;
    messageId: number;
    productId: number | null;
    message: string;
  };
  /**
   * A buyer asked a seller for a price (one event per seller of an RFQ). The CRM turns it into a
   * lead; notifications tell the seller in the app and by e-mail.
   */
  'quote.submitted': {
    enquiryId: number;
    requestGroup: string;
    sellerUserId: number;
    sellerCompanyId: number;
    buyerUserId: number;
    buyerName: string;
    productId: number;
    productName: string;
    combination: string | null;
    quantity: number;
    message: string | null;
  };
  /**
   * A buyer's buying request was sent to a supplier (decision 055; one event per supplier): the CRM
   * turns it into a lead with a type 3 thread. The supplier answers on `enquiryId`.
   */
  'buying_request.sent': {
    requestId: number;
    sellerCompanyId: number;
    sellerUserId: number;
    buyerUserId: number;
    enquiryId: number;
  };
  /** Someone answered, replied to, accepted or declined an enquiry; the other side is told. */
  'enquiry.updated': {
    enquiryId: number;
    kind: 'answer' | 'message' | 'accept' | 'decline';
    actorUserId: number;
    recipientUserId: number;
    productName: string;
    side: 'buyer' | 'seller';
  };
  /** A seller sent a quotation or a revision on an enquiry (issue 44): the CRM's deal moves to Proposal. */
  'quotation.sent': {
    companyId: number;
    quotationId: number;
    enquiryId: number | null;
    /** The CRM lead a quotation without an enquiry was written from (decision 052). */
    leadId?: number | null;
    number: string;
    version: number;
    total: string;
    currency: string;
  };
  /** The buyer declined a quotation: the CRM's deal is lost, with the reason. */
  'quotation.declined': {
    companyId: number;
    quotationId: number;
    enquiryId: number | null;
    /** The CRM lead a quotation without an enquiry was written from (decision 052). */
    leadId?: number | null;
    number: string;
    reason: string;
  };
  /** The buyer accepted a quotation and an order was made: the deal is won; the seller is told. */
  'order.placed': {
    companyId: number;
    orderId: number;
    number: string;
    enquiryId: number | null;
    /** The CRM lead a quotation without an enquiry was written from (decision 052). */
    leadId?: number | null;
    total: string;
    currency: string;
    buyerUserId: number;
    sellerUserId: number;
  };
  /** An order moved (or was cancelled, by either side): the other side is told; a cancellation loses the deal. */
  'order.status_changed': {
    companyId: number;
    orderId: number;
    number: string;
    enquiryId: number | null;
    /** The CRM lead a quotation without an enquiry was written from (decision 052). */
    leadId?: number | null;
    status: string;
    text: string;
    reason: string | null;
    actorSide: 'buyer' | 'seller';
    buyerUserId: number;
    sellerUserId: number;
  };
  /** An invoice or credit note was issued: the buyer is told and gets it by e-mail. */
  'invoice.issued': {
    companyId: number;
    orderId: number;
    invoiceId: number;
    number: string;
    kind: string;
    total: string;
    currency: string;
    buyerUserId: number;
    sellerUserId: number;
  };
  /** A product was created active or made active: its company's followers may be told (decision 043). */
  'product.published': { productId: number; companyId: number };
  /** A buyer reviewed a seller (decision 045): the seller is told. */
  'review.created': { reviewId: number; companyId: number; buyerId: number; rating: number };
  /** A seller replied to a review (decision 045): the buyer is told. */
  'review.replied': { reviewId: number; companyId: number; buyerId: number };
  /** Someone started following a company (decision 044): its owner may be told, once per follower. */
  'company.followed': { companyId: number; followerUserId: number };
  /** A seller's blog post became public: its company's followers are told, once per post (decision 046). */
  'blog.published': { postId: number };
  /*
   * Changes to what public pages show (decision 050): the page cache marks the pages that show them stale.
   */
  /**
   * Products of a company changed. `listing`: the change may move them into or out of lists, or reorder
   * them (name, price, stock, categories, status...); false when only their cards' look changed (pictures).
   */
  'product.changed': { productIds: number[]; companyId: number; listing: boolean };
  /** A company's public profile changed (name, logo, about, member type...). */
  'company.changed': { companyId: number };
  /** A company's ads or banners changed. */
  'promotion.changed': { companyId: number };
  /** The operator hid a review or showed it again (decision 045). */
  'review.moderated': { reviewId: number; companyId: number };
  /** A blog post was written, edited, published, hidden or deleted; companyId null for the marketplace's own. */
  'blog.changed': { postId: number; companyId: number | null };
  /** The operator wrote a site page (decision 051). */
  'site-page.changed': { slug: string };
  /** The operator changed exchange rates. */
  'rates.changed': { by: number };
  /** A buyer added a product to their wishlist for the first time. */
  'product.wishlisted': { productId: number; productName: string; sellerUserId: number; userId: number };
  /**
   * A signed-in buyer viewed a seller's page or clicked to ask (decision 031): the CRM joins the session
   * to the buyer's lead, or makes one when the intent rule holds (decision 032).
   */
  'tracking.engaged': { buyerUserId: number; sellerCompanyId: number; sessionId: string };
  /**
   * Something a lead's score reads changed (decision 040): the lead was created or edited, a thread was
   * added, a browsing session was joined, an activity was logged. Lead scoring scores the lead again.
   */
  'lead.changed': { companyId: number; leadId: number; cause: string; depth?: number };
  /*
   * What automation rules react to (decision 041). `depth`: how many automation runs led to the event
   * (0 for a person's or the marketplace's doing); a rule's actions cause events one deeper.
   */
  /** A lead was made (by hand, an import, the loop). */
  'lead.created': { companyId: number; leadId: number; depth: number };
  /** Values of a lead's form changed (its status among them). */
  'lead.fields_changed': {
    companyId: number;
    leadId: number;
    changes: { field: string; old: unknown; new: unknown }[];
    depth: number;
  };
  /** A lead's score changed (lead scoring, decision 040); previous is null for its first score. */
  'lead.scored': { companyId: number; leadId: number; score: number; previous: number | null; depth: number };
  /** A tag was put on a lead. */
  'lead.tagged': { companyId: number; leadId: number; tagId: number; tagName: string; depth: number };
  /** A meeting on a lead was saved: automation checks when it ends. */
  'meeting.saved': {
    companyId: number;
    leadId: number;
    meetingId: number;
    endsAt: string | null;
    allDay: boolean;
    status: string;
    depth: number;
  };
};

export type EventName = keyof DomainEvents;

export type EventContext<Prepared> = TransactionContext<Prepared> & { eventId: number };

type Subscription<Prepared, Payload> = {
  /** Reads made before the delivery's transaction (process caches). */
  prepare?: (db: Db) => Promise<Prepared>;
  maxAttempts?: number;
  /**
   * Asked in the emitting transaction: false writes no delivery for this subscriber (a subscriber with
   * nothing to do for most events, as the "no reply" watch for a company without such a rule).
   */
  when?: (tx: Tx, payload: Payload) => Promise<boolean>;
  /**
   * Events with the same coalescing key share one delivery while it waits in the queue (the first event's
   * payload is delivered): for handlers that read the current state rather than the event's, such as a
   * lead's score. A delivery already claimed is not joined; the next event gets a delivery of its own.
   */
  coalesce?: (payload: Payload) => string;
  /** JOB_PRIORITY of the deliveries (normal when absent): a lead from a quote before a view's rescoring. */
  priority?: number;
};

/**
 * Whose work a delivery is (decision 049): the company the event is about, so one company's burst takes turns
 * with every other company's work of the same priority. The platform's own events share the key ''.
 */
export function fairnessKeyOf(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null) return '';
  const { companyId, sellerCompanyId } = payload as { companyId?: unknown; sellerCompanyId?: unknown };
  const company = companyId ?? sellerCompanyId;
  return typeof company === 'number' || typeof company === 'string' ? String(company) : '';
}

export type EventBus = {
  /**
   * Writes the event into the outbox in the caller's transaction, with one delivery per subscriber:
   * it reaches them only if that transaction commits, and then at least once.
   */
  emit<K extends EventName>(tx: Tx, name: K, payload: DomainEvents[K]): Promise<number>;
  /**
   * Subscribes a handler under a name that must stay the same across releases: with the event's id it is
   * the delivery's key. The handler writes through `context.tx`, which commits with the delivery's
   * completion, so a delivered event is never handled twice.
   */
  on<K extends EventName, Prepared = undefined>(
    name: K,
    subscriber: string,
    handle: (payload: DomainEvents[K], context: EventContext<Prepared>) => Promise<unknown>,
    options?: Subscription<Prepared, DomainEvents[K]>,
  ): void;
};

export const deliveryQueue = (subscriber: string) => `event:${subscriber}`;

export function createEventBus(jobs: JobRunner): EventBus {
  type Subscriber = {
    queue: string;
    when?: Subscription<unknown, never>['when'];
    coalesce?: (payload: never) => string;
  };
  const subscribers = new Map<EventName, Subscriber[]>();
  /** Per transaction, the coalescing deliveries it wrote (their event's id). */
  const writtenIn = new WeakMap<Tx, Map<string, number>>();
  return {
    async emit(tx, name, payload) {
      const deliveries: EventDelivery[] = [];
      const fairnessKey = fairnessKeyOf(payload);
      for (const { queue, when, coalesce } of subscribers.get(name) ?? []) {
        if (when && !(await when(tx, payload as never))) continue;
        deliveries.push({ queue, coalesceKey: coalesce?.(payload as never), fairnessKey });
      }
      // An event whose every delivery joins one this transaction already wrote (a lead changed twice in
      // one transaction) adds nothing: that delivery runs after the commit and sees both changes.
      // Only inside a transaction: a statement outside one commits at once, and its delivery may be under way.
      const inTransaction = tx instanceof PgTransaction;
      let written = inTransaction ? writtenIn.get(tx) : undefined;
      const keys = deliveries.map((delivery) => `${delivery.queue}\n${delivery.coalesceKey ?? ''}`);
      if (
        written &&
        deliveries.length > 0 &&
        deliveries.every((delivery, index) => delivery.coalesceKey !== undefined && written!.has(keys[index]))
      )
        return written.get(keys[0])!;
      const eventId = await jobs.enqueueEvent(tx, { name, payload }, deliveries);
      if (inTransaction && deliveries.some((delivery) => delivery.coalesceKey !== undefined)) {
        if (!written) writtenIn.set(tx, (written = new Map()));
        for (const [index, delivery] of deliveries.entries())
          if (delivery.coalesceKey !== undefined) written.set(keys[index], eventId);
      }
      return eventId;
    },
    on(name, subscriber, handle, options = {}) {
      const queue = deliveryQueue(subscriber);
      jobs.define(queue, {
        kind: 'transaction',
        maxAttempts: options.maxAttempts,
        priority: options.priority,
        prepare: options.prepare,
        run: (job, context) =>
          handle(job.payload as DomainEvents[typeof name], {
            ...(context as TransactionContext<never>),
            eventId: job.eventId!,
          }),
      });
      const entry: Subscriber = {
        queue,
        when: options.when as Subscriber['when'],
        coalesce: options.coalesce as Subscriber['coalesce'],
      };
      subscribers.set(name, [...(subscribers.get(name) ?? []), entry]);
    },
  };
}
