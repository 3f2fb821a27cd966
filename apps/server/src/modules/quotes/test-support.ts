import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { enquiries } from './tables.ts';

/** Moves an enquiry's arrival into the past (tests of response times and periods). */
export async function backdateEnquiry(db: Tx, enquiryId: number, createdAt: Date) {
  await db.update(enquiries).set({ createdAt }).where(eq(enquiries.id, enquiryId));
}

/** A buyer's quote request to the seller of `productId`, through POST front/getQuery/submit; answers its id. */
export async function submitEnquiry(
  app: FastifyInstance,
  buyer: { id: number; token: string },
  seller: { id: number },
  product: { id: number; name: string },
): Promise<number> {
  const fields: Record<string, string> = {
    unique_session_id: `session-${buyer.id}-${product.id}-${Date.now()}`,
    seller_user_id: String(seller.id),
    enquiry_user_id: String(buyer.id),
    product_id: String(product.id),
    price: '420',
    final_price: '2100',
    quantity: '5',
    price_term: 'FOB',
    product_datetime: '2027-03-01',
    product_name: product.name,
    product_image: '',
    pre_title_name: '',
    greeting_message: 'Please quote your best price.',
  };
  const boundary = '----tradeloopenquiry';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/front/getQuery/submit',
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${buyer.token}` },
  });
  if (response.statusCode !== 201) throw new Error(`enquiry failed: ${response.statusCode} ${response.body}`);
  return response.json().data.enquiry_ids[0] as number;
}
