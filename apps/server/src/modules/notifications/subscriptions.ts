import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_EVENT } from '@tradeloop/contracts/notifications';
import type { DomainEvents, EventContext } from '../../platform/events.ts';
import { companyOwner, findPeople, findPerson } from '../accounts/public.ts';
import { findListing, productUrlOf } from '../market/public.ts';
import { followerIdsOf, followerToAnnounce, followersToAnnounce } from '../presence/public.ts';
import { reviewNotice } from '../reviews/public.ts';
import { postToAnnounce } from '../blogs/public.ts';
import { blogPostPath } from '@tradeloop/contracts/blogs-constants';
import { createNotification, createNotifications, type NewNotification } from './service.ts';

/**
 * What the other modules' events mean for people: an in-app notification (pushed to their open
 * tabs) and, for what needs an answer, an e-mail (or the outbox without SMTP).
 */
export function subscribeNotifications(app: FastifyInstance) {
  // The notification and its e-mail are written in the delivery's transaction; the push follows its commit.
  const deliver = async (
    { tx, afterCommit }: EventContext<undefined>,
    notification: NewNotification,
    mail?: { subject: string; text: string },
  ) => {
    const created = await createNotification(tx, notification);
    afterCommit(() => app.realtime.toUsers([notification.userId], NOTIFICATION_EVENT, created));
    if (!mail) return;
    // Only the address: not the whole account (its session facts and password hash) for one e-mail.
    const [recipient] = await findPeople(tx, { ids: [notification.userId], live: true });
    if (!recipient) return;
    const link = notification.link ? `\n\n${app.config.publicUrl}${notification.link}` : '';
    await app.mailer.queue(tx, { to: recipient.email, subject: mail.subject, text: `${mail.text}${link}` });
  };

  /** A company's news (a product, a post) to its followers: one statement, then a push to each after the commit. */
  const tellFollowers = async (
    { tx, afterCommit }: Pick<EventContext<undefined>, 'tx' | 'afterCommit'>,
    followerIds: number[],
    news: Pick<NewNotification, 'title' | 'body' | 'link' | 'data'>,
  ) => {
    const created = await createNotifications(
      tx,
      followerIds.map((userId) => ({ userId, type: 'product' as const, ...news })),
    );
    afterCommit(() =>
      created.forEach((notification, index) =>
        app.realtime.toUsers([followerIds[index]], NOTIFICATION_EVENT, notification),
      ),
    );
  };

  app.events.on('quote.submitted', 'notifications.quote-submitted', (event, context) => {
    const what = `${event.quantity} × ${event.productName}${event.combination ? ` (${event.combination.replace(/\|/g, ', ')})` : ''}`;
    return deliver(
      context,
      {
        userId: event.sellerUserId,
        type: 'enquiries',
        title: 'New quote request',
        body: `${event.buyerName} asked for a price for ${what}.`,
        link: `/enquiries?type=received&id=${event.enquiryId}`,
        data: { enquiryId: event.enquiryId, productId: event.productId },
      },
      {
        subject: `New quote request: ${event.productName}`,
        text: `${event.buyerName} asked for a price for ${what}.${event.message ? `\n\n"${event.message}"` : ''}\n\nAnswer it on TradeLoop:`,
      },
    );
  });

  app.events.on('enquiry.updated', 'notifications.enquiry-updated', (event, context) => {
    const text = enquiryText(event);
    const toSeller = event.side === 'buyer';
    return deliver(
      context,
      {
        userId: event.recipientUserId,
        type: 'enquiries',
        title: text.title,
        body: text.body,
        link: `/enquiries?type=${toSeller ? 'received' : 'sent'}&id=${event.enquiryId}`,
        data: { enquiryId: event.enquiryId },
      },
      event.kind === 'message' ? undefined : { subject: text.title, text: `${text.body}\n\nSee it on TradeLoop:` },
    );
  });

  // Orders and invoices (issue 44): new orders, status changes and invoices, in the orderInvoices tab.
  app.events.on('order.placed', 'notifications.order-placed', (event, context) =>
    deliver(
      context,
      {
        userId: event.sellerUserId,
        type: 'orderInvoices',
        title: 'New order',
        body: `Order ${event.number} was placed: ${event.currency} ${event.total}.`,
        link: `/crm/orders/${event.orderId}`,
        data: { orderId: event.orderId },
      },
      {
        subject: `New order ${event.number}`,
        text: `Order ${event.number} was placed: ${event.currency} ${event.total}.`,
      },
    ),
  );

  app.events.on('order.status_changed', 'notifications.order-status', (event, context) => {
    const toBuyer = event.actorSide === 'seller';
    const title = `Order ${event.number}: ${event.status === 'cancelled' ? 'cancelled' : event.status.replace(/_/g, ' ')}`;
    return deliver(
      context,
      {
        userId: toBuyer ? event.buyerUserId : event.sellerUserId,
        type: 'orderInvoices',
        title,
        body: event.text,
        link: toBuyer ? `/my-orders/${event.orderId}` : `/crm/orders/${event.orderId}`,
        data: { orderId: event.orderId, status: event.status },
      },
      { subject: title, text: `${event.text}\n\nSee the order on TradeLoop:` },
    );
  });

  app.events.on('invoice.issued', 'notifications.invoice-issued', (event, context) =>
    deliver(context, {
      userId: event.buyerUserId,
      type: 'orderInvoices',
      title: `${event.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${event.number}`,
      body: `${event.number} was issued: ${event.currency} ${event.total}.`,
      link: `/my-orders/${event.orderId}`,
      data: { orderId: event.orderId, invoiceId: event.invoiceId },
    }),
  );

  // A company's followers hear of each new public product once (decision 043); no e-mail for it.
  app.events.on('product.published', 'notifications.product-published', async (event, { tx, afterCommit }) => {
    const listing = await findListing(tx, String(event.productId)).catch(() => null);
    if (!listing) return; // not public (yet): announced when it is
    const followerIds = await followersToAnnounce(tx, event.companyId, event.productId);
    await tellFollowers({ tx, afterCommit }, followerIds, {
      title: `New from ${listing.companyName}`,
      body: `${listing.companyName} listed ${listing.name}.`,
      link: productUrlOf(listing),
      data: { productId: event.productId, companyId: event.companyId },
    });
  });

  // The seller hears of each new follower once (decision 044), in the products tab (the storefront's news); no e-mail.
  app.events.on('company.followed', 'notifications.company-followed', async (event, context) => {
    const [owner, follower] = await Promise.all([
      companyOwner(context.tx, event.companyId),
      findPerson(context.tx, event.followerUserId),
    ]);
    if (!owner || !follower) return;
    if (!(await followerToAnnounce(context.tx, event.companyId, event.followerUserId))) return;
    const from = follower.companyName ? ` of ${follower.companyName}` : '';
    await deliver(context, {
      userId: owner.id,
      type: 'product',
      title: 'New follower',
      body: `${follower.name}${from} now follows your company.`,
      link: '/company-page',
      data: { companyId: event.companyId, followerUserId: event.followerUserId },
    });
  });

  // A seller's new post reaches its followers once (decision 046), under the news of companies ('product').
  app.events.on('blog.published', 'notifications.blog-published', async (event, { tx, afterCommit }) => {
    const post = await postToAnnounce(tx, event.postId);
    if (!post) return; // announced already, not public any more, or the marketplace's own post
    await tellFollowers({ tx, afterCommit }, await followerIdsOf(tx, post.companyId), {
      title: `New post from ${post.companyName}`,
      body: `${post.companyName} published “${post.title}”.`,
      link: blogPostPath(post.slug),
      data: { blogPostId: post.id, companyId: post.companyId },
    });
  });

  app.events.on('product.wishlisted', 'notifications.product-wishlisted', (event, context) =>
    deliver(context, {
      userId: event.sellerUserId,
      type: 'product',
      title: 'Added to a wishlist',
      body: `A buyer added ${event.productName} to their wishlist.`,
      link: null,
      data: { productId: event.productId },
    }),
  );
  // Reviews (decision 045): the seller hears of a new review, the buyer of the seller's reply; in the app only.
  app.events.on('review.created', 'notifications.review-created', async (event, context) => {
    const notice = await reviewNotice(context.tx, event.reviewId);
    if (!notice?.sellerUserId) return;
    await deliver(context, {
      userId: notice.sellerUserId,
      type: 'enquiries',
      title: 'New review',
      body: `${notice.buyerName} rated ${notice.companyName} ${event.rating} of 5.`,
      link: '/reviews',
      data: { reviewId: event.reviewId, companyId: event.companyId },
    });
  });

  app.events.on('review.replied', 'notifications.review-replied', async (event, context) => {
    const notice = await reviewNotice(context.tx, event.reviewId);
    if (!notice) return;
    await deliver(context, {
      userId: event.buyerId,
      type: 'enquiries',
      title: 'The seller replied to your review',
      body: `${notice.companyName} replied to your review.`,
      link: notice.companySlug ? `/mini-site/${notice.companySlug}` : null,
      data: { reviewId: event.reviewId, companyId: event.companyId },
    });
  });
}

function enquiryText(event: DomainEvents['enquiry.updated']) {
  switch (event.kind) {
    case 'answer':
      return {
        title: 'New price offer',
        body: `The seller answered your enquiry about ${event.productName} with a price.`,
      };
    case 'accept':
      return { title: 'Offer accepted', body: `The buyer accepted your offer for ${event.productName}.` };
    case 'decline':
      return { title: 'Enquiry declined', body: `The enquiry about ${event.productName} was declined.` };
    case 'message':
      return { title: 'New message', body: `New message in the enquiry about ${event.productName}.` };
  }
}
