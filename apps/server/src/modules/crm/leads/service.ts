import { COMBINATION_SEPARATOR, productTitle } from '@tradeloop/contracts/catalog';
import type { RecordValues } from '@tradeloop/contracts/crm/records';
import { toE164 } from '@tradeloop/contracts/phone';
import { LOOP_SOURCES, THREAD_TYPE, type ThreadContact, type ThreadProduct } from '@tradeloop/contracts/crm/leads';
import type { Tx } from '../../../db/client.ts';
import type { DomainEvents } from '../../../platform/events.ts';
import { findPerson, type Person } from '../../accounts/public.ts';
import { type Caches, categoryTree, pathOf } from '../../catalog/public.ts';
import { requestForSupplier } from '../../buying-requests/public.ts';
import { createLead } from './intake.ts';
import { sellerEnquiry } from '../../quotes/public.ts';
import { findCountry } from '../../reference/public.ts';
import { withAssignmentContext } from './assignment.ts';
import type { CrmHooks } from '../records/hooks.ts';
import { addThread, loopThreadExists, productFacts, type NewThread, type ProductFacts } from './threads.ts';

/*
 * The loop (docs/decisions/017): a buyer's quote request or first chat message becomes a lead in the
 * seller's CRM, or joins the live lead with the buyer's e-mail, with a thread holding the buyer's
 * details and the product as configured. Each event is handled in one transaction of its own, so a
 * failure leaves nothing behind and never fails the buyer's request.
 */

/** The buyer: name, thread contact, lead values, and the mobile when verified (a lead may be matched by it). */
export type Buyer = { name: string; contact: ThreadContact; values: RecordValues; verifiedPhone: string | null };

const present = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/**
 * First and last name as the buyer's profile gives them. Without them the full name is split at its
 * first space ("Fatima Al Mansouri" → "Fatima", "Al Mansouri"), as HubSpot and Salesforce do: a space
 * does not always tell where a family name starts ("Mary Ann Smith"), but an empty last name is wrong
 * every time, and the seller can correct the split on the lead.
 */
export function namesOf(person: { name: string; firstName: string | null; lastName: string | null }) {
  const first = present(person.firstName);
  const last = present(person.lastName);
  if (first || last) return { first: first ?? '', last };
  const [given, ...family] = person.name.trim().split(/\s+/);
  return { first: given ?? '', last: family.length ? family.join(' ') : null };
}

/**
 * The buyer's mobile in E.164: the verified number when there is one, else the profile's number with
 * its calling code ("+91"; mobile_code holds the country, "IN", and stands in when the code is missing).
 */
function mobileOf(row: Person) {
  if (row.verifiedMobile) return row.verifiedMobile;
  const code = present(row.mobileCode);
  const callingCode = present(row.mobileCountryCode) ?? (code && /^\+?\d+$/.test(code) ? code : null);
  return toE164(row.mobile, { callingCode, country: code ?? row.country });
}

/** The buyer as their account shows them: name, e-mail, mobile, company, country, city and what is verified. */
export async function buyerOf(tx: Tx, userId: number): Promise<Buyer> {
  const row = await findPerson(tx, userId);
  if (!row) throw new Error(`buyer ${userId} not found`);
  const { first, last } = namesOf(row);
  const phone = mobileOf(row);
  const countryCode = present(row.country) ?? present(row.companyCountry);
  const country = countryCode ? (findCountry(countryCode)?.name ?? countryCode) : null;
  const email = row.deletedAt ? null : row.email;
  const contact: ThreadContact = {
    name: row.name,
    first_name: first || null,
    last_name: last,
    email,
    phone,
    mobile: phone,
    company: present(row.companyName),
    company_type: present(row.companyType ?? row.profileCompanyType),
    country,
    country_code: countryCode,
    city: present(row.city),
    user_id: userId,
  };
  const values: RecordValues = Object.fromEntries(
    Object.entries({
      first_name: contact.first_name ?? row.name,
      last_name: contact.last_name,
      email,
      phone,
      mobile: phone,
      company: contact.company,
      country,
      city: contact.city,
    }).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
  // What the marketplace verified, for the lead form's checkboxes (a form without them drops them).
  if (email) values.email_verified = row.emailVerified;
  if (phone) values.mobile_verified = row.mobileVerified === 'verified';
  return { name: row.name, contact, values, verifiedPhone: row.verifiedMobile };
}

/** Attribute names of the product beside the values of a combination ("5 HP|Three"). */
function attributesOf(combination: string | null, names: string[]) {
  if (!combination) return [];
  return combination
    .split(COMBINATION_SEPARATOR)
    .map((value, index) => ({ name: names[index] ?? `Option ${index + 1}`, value }));
}

/** Finds or makes the buyer's lead and writes the thread on it, with the rules told the categories. */
async function leadWithThread(
  crm: CrmHooks,
  tx: Tx,
  companyId: number,
  input: {
    buyer: Buyer;
    source: string;
    product: ProductFacts | null;
    thread: Omit<NewThread, 'companyId' | 'leadId' | 'leadSource' | 'contactDetails'>;
  },
) {
  const details = input.thread.productDetails;
  const productName = details.name ? productTitle(details) : null;
  const values = productName ? { ...input.buyer.values, product_interest: productName } : input.buyer.values;
  const { lead, created } = await withAssignmentContext(tx, { categoryIds: input.product?.categoryIds }, () =>
    // "Product interest" follows the newest request (a returning buyer's lead keeps one, current).
    createLead(crm, tx, companyId, values, input.source, {
      latest: ['product_interest'],
      matchPhone: input.buyer.verifiedPhone,
    }),
  );
  const threadId = await addThread(tx, {
    ...input.thread,
    companyId,
    leadId: lead.id,
    leadSource: input.source,
    contactDetails: input.buyer.contact,
  });
  return { leadId: lead.id, threadId, created };
}

const quantityText = (quantity: number, unit: string | null) => `${quantity}${unit ? ` ${unit}` : ''}`;

/** quote.submitted: a type 1 thread with the enquiry's product, combination, quantity and prices. */
export async function leadFromQuote(crm: CrmHooks, tx: Tx, event: DomainEvents['quote.submitted'], caches?: Caches) {
  const companyId = event.sellerCompanyId;
  if (await loopThreadExists(tx, companyId, { enquiryId: event.enquiryId })) return null;
  const buyer = await buyerOf(tx, event.buyerUserId);
  const enquiry = await sellerEnquiry(tx, companyId, event.enquiryId);
  const product = await productFacts(tx, companyId, event.productId, caches);
  const [main, ...related] = enquiry?.lines ?? [];
  const currency = enquiry ? caches?.refs.currencies.get(enquiry.currencyId) : undefined;
  const name = enquiry?.productName ?? event.productName;
  const preTitle = enquiry?.preTitleName ?? product?.details.pre_title_name ?? null;
  const title = productTitle({ pre_title_name: preTitle, name });
  const quantity = enquiry?.quantity ?? event.quantity;
  const unit = enquiry?.unitName ?? main?.unit ?? null;
  const combination = enquiry?.combination ?? event.combination;
  const productDetails: ThreadProduct = {
    categories: [],
    ...product?.details,
    product_id: event.productId,
    name,
    pre_title_name: preTitle,
    url: present(enquiry?.productUrl) ?? product?.details.url ?? null,
    image: present(enquiry?.productImage) ?? product?.details.image ?? null,
    combination,
    attributes: attributesOf(combination, product?.choiceNames ?? []),
    quantity,
    unit,
    unit_price: main?.unit_price ?? enquiry?.requestedUnitPrice ?? null,
    total: main?.total ?? enquiry?.requestedTotal ?? null,
    currency: currency ? { code: currency.code, symbol: currency.symbol } : null,
    price_term: enquiry?.priceTerm ?? null,
    needed_by: enquiry?.neededBy?.toISOString() ?? null,
    related: related.map((line) => ({
      name: line.product_name,
      quantity: line.quantity,
      unit: line.unit,
      total: line.total,
      combination: line.combination,
    })),
  };
  return leadWithThread(crm, tx, companyId, {
    buyer,
    source: LOOP_SOURCES.quote,
    product,
    thread: {
      type: THREAD_TYPE.quote,
      threadName: `Quote request: ${title}`,
      productDetails,
      message: present(event.message) ?? present(enquiry?.message),
      enquiryId: event.enquiryId,
      buyerUserId: event.buyerUserId,
      createdBy: null,
      summary: `Quote request: ${title} (quantity ${quantityText(quantity, unit)})`,
    },
  });
}

/** chat.first_message: a type 2 thread with the room, the message and the product talked about. */
export async function leadFromChat(crm: CrmHooks, tx: Tx, event: DomainEvents['chat.first_message'], caches?: Caches) {
  const companyId = event.sellerCompanyId;
  if (await loopThreadExists(tx, companyId, { roomId: event.roomId, productId: event.productId })) return null;
  const buyer = await buyerOf(tx, event.buyerId);
  const product = event.productId === null ? null : await productFacts(tx, companyId, event.productId, caches);
  const threadName = product ? `Chat enquiry: ${productTitle(product.details)}` : `Chat enquiry from ${buyer.name}`;
  const excerpt = event.message.length > 80 ? `${event.message.slice(0, 79)}…` : event.message;
  return leadWithThread(crm, tx, companyId, {
    buyer,
    source: LOOP_SOURCES.chat,
    product,
    thread: {
      type: THREAD_TYPE.chat,
      threadName,
      productDetails: product?.details ?? {},
      message: present(event.message),
      roomId: event.roomId,
      buyerUserId: event.buyerId,
      createdBy: null,
      summary: excerpt ? `${threadName}: “${excerpt}”` : threadName,
    },
  });
}

/**
 * buying_request.sent (decision 055): a type 3 thread with what the buyer asked for (category or
 * keyword, quantity, target price, destination, date, requirements and attachments). The thread
 * links the enquiry the supplier answers on; a second delivery finds it and adds nothing.
 */
export async function leadFromBuyingRequest(crm: CrmHooks, tx: Tx, event: DomainEvents['buying_request.sent']) {
  const companyId = event.sellerCompanyId;
  if (await loopThreadExists(tx, companyId, { enquiryId: event.enquiryId })) return null;
  const request = await requestForSupplier(tx, event.requestId, companyId);
  if (!request) return null;
  const buyer = await buyerOf(tx, event.buyerUserId);
  const destination = request.port ? `${request.country.name} (${request.port})` : request.country.name;
  const total = request.targetPrice === null ? null : Math.round(request.targetPrice * request.quantity * 100) / 100;
  const productDetails: ThreadProduct = {
    product_id: null,
    name: request.title,
    pre_title_name: null,
    attributes: [
      { name: 'Category', value: request.category.name },
      { name: 'Destination', value: destination },
      { name: 'Needed by', value: request.requiredBy },
    ],
    quantity: request.quantity,
    unit: request.unit,
    unit_price: request.targetPrice,
    total,
    currency: request.currency ? { code: request.currency.code, symbol: request.currency.symbol } : null,
    needed_by: request.requiredBy,
    categories: [{ id: request.category.id, name: request.category.name }],
  };
  const files = request.attachments.map((file) => file.file_name);
  const message = files.length ? `${request.requirements}\n\nAttachments: ${files.join(', ')}` : request.requirements;
  const threadName = `Buying request: ${request.title}`;
  // Assignment rules by category match the category and those above it, as for a product's.
  const categoryIds = pathOf(await categoryTree(tx), request.category.id).map((category) => category.id);
  return leadWithThread(crm, tx, companyId, {
    buyer,
    source: LOOP_SOURCES.buyingRequest,
    product: { details: productDetails, categoryIds, choiceNames: [] },
    thread: {
      type: THREAD_TYPE.buyingRequest,
      threadName,
      productDetails,
      message,
      enquiryId: event.enquiryId,
      buyerUserId: event.buyerUserId,
      createdBy: null,
      summary: `${threadName} (quantity ${quantityText(request.quantity, request.unit)}, to ${destination})`,
    },
  });
}
