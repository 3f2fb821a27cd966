import { EventEmitter } from 'node:events';

/**
 * Named cross-module events. A module that reacts to another's work subscribes here,
 * so every link between domains is visible in this one map.
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
  /** Someone answered, replied to, accepted or declined an enquiry; the other side is told. */
  'enquiry.updated': {
    enquiryId: number;
    kind: 'answer' | 'message' | 'accept' | 'decline';
    actorUserId: number;
    recipientUserId: number;
    productName: string;
    side: 'buyer' | 'seller';
  };
  /** A buyer added a product to their wishlist for the first time. */
  'product.wishlisted': { productId: number; productName: string; sellerUserId: number; userId: number };
};

export type EventBus = {
  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): Promise<void>;
  on<K extends keyof DomainEvents>(name: K, handler: (payload: DomainEvents[K]) => Promise<void> | void): void;
};

export function createEventBus(onError: (name: string, error: unknown) => void): EventBus {
  const emitter = new EventEmitter();
  return {
    async emit(name, payload) {
      const handlers = emitter.listeners(name) as ((payload: unknown) => Promise<void> | void)[];
      for (const handler of handlers) {
        try {
          await handler(payload);
        } catch (error) {
          onError(name, error);
        }
      }
    },
    on(name, handler) {
      emitter.on(name, handler);
    },
  };
}
