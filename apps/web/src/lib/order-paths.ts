/** Where orders live in the web app: the seller's under the CRM (sub-users may open them), the buyer's in My orders. */
export const ORDER_PATHS = { sold: '/crm/orders', bought: '/my-orders' } as const;

export const orderPath = (side: 'sold' | 'bought', id: number) => `${ORDER_PATHS[side]}/${id}`;

/** A quotation as its buyer answers it (one written from a CRM lead has no enquiry page). */
export const quotationPath = (id: number) => `${ORDER_PATHS.bought}/quotations/${id}`;
