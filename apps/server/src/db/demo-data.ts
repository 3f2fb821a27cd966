import type { CompanyType } from '@tradeloop/contracts/auth';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { createAccount, countUsers } from '../modules/accounts/public.ts';
import { loadBlogsDemoData } from '../modules/blogs/public.ts';
import { loadCatalogDemoData } from '../modules/catalog/public.ts';
import { loadChatDemoData } from '../modules/chat/public.ts';
import { loadCompanyProfileDemoData } from '../modules/company-profile/public.ts';
import { loadCrmDemoData, loadCrmWorkDemoData, type CrmHooks } from '../modules/crm/public.ts';
import { type DemoCatalogue, loadMarketDemoData } from '../modules/market/public.ts';
import { createNotifications } from '../modules/notifications/public.ts';
import { loadPromotionDemoData } from '../modules/promotion/public.ts';
import { loadQuotesDemoData } from '../modules/quotes/public.ts';
import { loadReviewsDemoData } from '../modules/reviews/public.ts';
import { hashPassword } from '../platform/passwords.ts';
import { addAppMeta, appMetaValue } from '../platform/app-meta.ts';
import type { Db } from './client.ts';

type DemoSeller = {
  company: string;
  type: CompanyType;
  country: string;
  city: string;
  state: string;
  name: string;
  tz: string;
  /** The top categories its products are in, and its catalogue's size as a share of the generated one. */
  catalogue: DemoCatalogue;
};

/** Three sellers of every company type, spread over the trading world. */
const SELLERS: DemoSeller[] = [
  {
    company: 'Shree Ganesh Engineering Works',
    type: 'Manufacturers',
    country: 'IN',
    state: 'Maharashtra',
    city: 'Pune',
    name: 'Anil Deshmukh',
    tz: 'Asia/Kolkata',
    // Its catalogue is the catalogue module's engineering list; nothing is generated for it.
    catalogue: { trades: ['Industrial Machinery', 'Industrial Supplies', 'Electrical Equipment & Supplies'], share: 0 },
  },
  {
    company: 'Ningbo Haitian Hydraulics',
    type: 'Manufacturers',
    country: 'CN',
    state: 'Zhejiang',
    city: 'Ningbo',
    name: 'Li Wei',
    tz: 'Asia/Shanghai',
    catalogue: { trades: ['Industrial Machinery', 'Hardware & Tools'], share: 9 },
  },
  {
    company: 'Rheinwerk Pumpen GmbH',
    type: 'Manufacturers',
    country: 'DE',
    state: 'North Rhine-Westphalia',
    city: 'Düsseldorf',
    name: 'Katrin Vogel',
    tz: 'Europe/Berlin',
    catalogue: { trades: ['Industrial Machinery'], share: 5 },
  },
  {
    company: 'Gulf Trade Agencies LLC',
    type: 'Agents and Representatives',
    country: 'AE',
    state: 'Dubai',
    city: 'Dubai',
    name: 'Omar Al Farsi',
    tz: 'Asia/Dubai',
    catalogue: { trades: ['Construction & Real Estate', 'Metals & Minerals', 'Automobile & Transport'], share: 7 },
  },
  {
    company: 'Anatolia Export Partners',
    type: 'Agents and Representatives',
    country: 'TR',
    state: 'Istanbul',
    city: 'Istanbul',
    name: 'Elif Yılmaz',
    tz: 'Europe/Istanbul',
    catalogue: { trades: ['Textiles & Apparel', 'Agriculture & Food'], share: 4 },
  },
  {
    company: 'Pacific Rim Representatives',
    type: 'Agents and Representatives',
    country: 'AU',
    state: 'New South Wales',
    city: 'Sydney',
    name: 'Jack Thompson',
    tz: 'Australia/Sydney',
    catalogue: { trades: ['Electronics & Instrumentation', 'Electrical Equipment & Supplies'], share: 3 },
  },
  {
    company: 'Midwest Industrial Resale',
    type: 'Resellers',
    country: 'US',
    state: 'Illinois',
    city: 'Chicago',
    name: 'Megan Carter',
    tz: 'America/Chicago',
    catalogue: { trades: ['Industrial Machinery', 'Industrial Supplies', 'Hardware & Tools'], share: 8 },
  },
  {
    company: 'Saigon Tech Resellers',
    type: 'Resellers',
    country: 'VN',
    state: 'Ho Chi Minh',
    city: 'Ho Chi Minh City',
    name: 'Nguyen Thi Lan',
    tz: 'Asia/Ho_Chi_Minh',
    catalogue: { trades: ['Electronics & Instrumentation'], share: 4 },
  },
  {
    company: 'Varsovia Parts Resale',
    type: 'Resellers',
    country: 'PL',
    state: 'Masovian Voivodeship',
    city: 'Warsaw',
    name: 'Piotr Kowalski',
    tz: 'Europe/Warsaw',
    catalogue: { trades: ['Automobile & Transport', 'Hardware & Tools'], share: 3 },
  },
  {
    company: 'Northern Electrical Distributors',
    type: 'Distributors',
    country: 'GB',
    state: 'England',
    city: 'Manchester',
    name: 'Oliver Hughes',
    tz: 'Europe/London',
    catalogue: { trades: ['Electrical Equipment & Supplies'], share: 12 },
  },
  {
    company: 'São Paulo Química Distribuidora',
    type: 'Distributors',
    country: 'BR',
    state: 'São Paulo',
    city: 'São Paulo',
    name: 'Camila Souza',
    tz: 'America/Sao_Paulo',
    catalogue: { trades: ['Chemicals & Allied Products'], share: 6 },
  },
  {
    company: 'Osaka Precision Supply',
    type: 'Distributors',
    country: 'JP',
    state: 'Osaka Prefecture',
    city: 'Osaka',
    name: 'Haruto Tanaka',
    tz: 'Asia/Tokyo',
    catalogue: { trades: ['Electronics & Instrumentation', 'Hardware & Tools'], share: 7 },
  },
  {
    company: 'Maple Office & Safety Retail',
    type: 'Retailers',
    country: 'CA',
    state: 'Ontario',
    city: 'Toronto',
    name: 'Sophie Tremblay',
    tz: 'America/Toronto',
    catalogue: { trades: ['Office & Commercial Furniture', 'Health & Safety'], share: 3 },
  },
  {
    company: 'Lagos Build Mart',
    type: 'Retailers',
    country: 'NG',
    state: 'Lagos',
    city: 'Lagos',
    name: 'Chinedu Okafor',
    tz: 'Africa/Lagos',
    catalogue: { trades: ['Construction & Real Estate', 'Hardware & Tools'], share: 2 },
  },
  {
    company: 'Bangkok Home & Garden Store',
    type: 'Retailers',
    country: 'TH',
    state: 'Bangkok',
    city: 'Bangkok',
    name: 'Somchai Srisuk',
    tz: 'Asia/Bangkok',
    catalogue: { trades: ['Agriculture & Food', 'Office & Commercial Furniture'], share: 1 },
  },
  {
    company: 'Dhaka Textile Wholesale House',
    type: 'Wholesalers',
    country: 'BD',
    state: 'Dhaka Division',
    city: 'Dhaka',
    name: 'Rahim Chowdhury',
    tz: 'Asia/Dhaka',
    catalogue: { trades: ['Textiles & Apparel'], share: 10 },
  },
  {
    company: 'Monterrey Mayoreo Industrial',
    type: 'Wholesalers',
    country: 'MX',
    state: 'Nuevo León',
    city: 'Monterrey',
    name: 'Diego Hernández',
    tz: 'America/Monterrey',
    catalogue: { trades: ['Industrial Supplies', 'Metals & Minerals', 'Health & Safety'], share: 9 },
  },
  {
    company: 'Milano Packaging Ingrosso',
    type: 'Wholesalers',
    country: 'IT',
    state: 'Lombardy',
    city: 'Milan',
    name: 'Giulia Rossi',
    tz: 'Europe/Rome',
    catalogue: { trades: ['Packaging & Printing'], share: 5 },
  },
  {
    company: 'Kuala Lumpur Agri Solutions',
    type: 'Others',
    country: 'MY',
    state: 'Kuala Lumpur',
    city: 'Kuala Lumpur',
    name: 'Aisyah Rahman',
    tz: 'Asia/Kuala_Lumpur',
    catalogue: { trades: ['Agriculture & Food'], share: 4 },
  },
  {
    company: 'Cape Mining Services',
    type: 'Others',
    country: 'ZA',
    state: 'Western Cape',
    city: 'Cape Town',
    name: 'Thabo Nkosi',
    tz: 'Africa/Johannesburg',
    catalogue: { trades: ['Metals & Minerals', 'Health & Safety'], share: 2 },
  },
  {
    company: 'Lyon Services Industriels',
    type: 'Others',
    country: 'FR',
    state: 'Auvergne-Rhône-Alpes',
    city: 'Lyon',
    name: 'Camille Martin',
    tz: 'Europe/Paris',
    catalogue: { trades: ['Industrial Supplies', 'Packaging & Printing'], share: 2 },
  },
];

const BUYERS = [
  {
    name: 'Priya Nair',
    email: DEMO_ACCOUNTS.buyer,
    country: 'IN',
    city: 'Bengaluru',
    state: 'Karnataka',
    designation: 'Procurement Manager',
    tz: 'Asia/Kolkata',
  },
  {
    name: 'James Miller',
    email: 'james.miller@buyer.tradeloop.test',
    country: 'US',
    city: 'Houston',
    state: 'Texas',
    designation: 'Purchasing Director',
    tz: 'America/Chicago',
  },
  {
    name: 'Fatima Al Mansouri',
    email: 'fatima.mansouri@buyer.tradeloop.test',
    country: 'SA',
    city: 'Riyadh',
    state: 'Riyadh Region',
    designation: 'Sourcing Lead',
    tz: 'Asia/Riyadh',
  },
  {
    name: 'Lukas Schneider',
    email: 'lukas.schneider@buyer.tradeloop.test',
    country: 'DE',
    city: 'Hamburg',
    state: 'Hamburg',
    designation: 'Category Buyer',
    tz: 'Europe/Berlin',
  },
  {
    name: 'Ana Pereira',
    email: 'ana.pereira@buyer.tradeloop.test',
    country: 'BR',
    city: 'Curitiba',
    state: 'Paraná',
    designation: 'Supply Chain Analyst',
    tz: 'America/Sao_Paulo',
  },
];

const DEMO_KEY = 'demo_data_loaded_at';

export type DemoResult =
  { loaded: true; password: string; accounts: Record<string, string> } | { loaded: false; reason: string };

function sellerEmail(seller: DemoSeller, index: number) {
  if (index === 0) return DEMO_ACCOUNTS.seller;
  const local = seller.company
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');
  return `${local}@seller.tradeloop.test`;
}

/**
 * When a demo seller joined: the first (the demo seller) eleven years ago, each next one a few months
 * later, the last under a year ago, so "Member since" reads like a marketplace grown over years and the
 * newest-first directory keeps the sellers' order.
 */
function joinedAt(index: number) {
  const joined = new Date();
  joined.setUTCMonth(joined.getUTCMonth() - (132 - index * 6 - (index % 3)));
  return joined;
}

/** A demo seller's trades and catalogue share; a company not in the list sells industrial supplies. */
export function demoCatalogueOf(companyName: string): DemoCatalogue {
  return SELLERS.find((seller) => seller.company === companyName)?.catalogue ?? OTHER_CATALOGUE;
}
const OTHER_CATALOGUE: DemoCatalogue = { trades: ['Industrial Supplies'], share: 1 };

/** Loads demo accounts into an empty database, once; never over real data. */
export async function loadDemoData(crm: CrmHooks, db: Db): Promise<DemoResult> {
  const existing = await countUsers(db);
  const marker = await appMetaValue(db, DEMO_KEY);
  if (marker !== undefined) return { loaded: false, reason: 'already loaded before' };
  if (existing > 0) return { loaded: false, reason: 'the database already holds accounts' };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    let firstSeller: { userId: number; companyId: number | null } | undefined;
    for (const [index, seller] of SELLERS.entries()) {
      const created = await createAccount(tx, {
        fullName: seller.name,
        emailId: sellerEmail(seller, index),
        passwordHash,
        userType: 'seller',
        emailVerified: true,
        company: { name: seller.company, type: seller.type, countryCode: seller.country },
        joinedAt: joinedAt(index),
        profile: {
          country: seller.country,
          state: seller.state,
          city: seller.city,
          time_zone: seller.tz,
          department: 'Sales',
          designation: index % 2 === 0 ? 'Export Manager' : 'Managing Director',
          language: 'English',
          job_function: 'Sales',
          registration_city: seller.city,
          reg_region_state_province: seller.state,
        },
      });
      firstSeller ??= created;
    }
    await createAccount(tx, {
      fullName: 'Rohan Mehta',
      emailId: DEMO_ACCOUNTS.subuser,
      passwordHash,
      userType: 'subuser',
      emailVerified: true,
      parent: { userId: firstSeller!.userId, companyId: firstSeller!.companyId! },
      profile: {
        country: 'IN',
        city: 'Pune',
        designation: 'Sales Executive',
        department: 'Sales',
        time_zone: 'Asia/Kolkata',
      },
    });
    for (const buyer of BUYERS) {
      await createAccount(tx, {
        fullName: buyer.name,
        emailId: buyer.email,
        passwordHash,
        userType: 'others',
        emailVerified: true,
        profile: {
          country: buyer.country,
          state: buyer.state,
          city: buyer.city,
          designation: buyer.designation,
          department: 'Procurement',
          time_zone: buyer.tz,
        },
      });
    }
    await loadCatalogDemoData(tx, (companyName) => demoCatalogueOf(companyName).trades);
    await loadCrmDemoData(crm, tx);
    await loadChatDemoData(tx);
    await loadMarketDemoData(tx, demoCatalogueOf);
    await createNotifications(tx, await loadQuotesDemoData(tx));
    await loadReviewsDemoData(tx);
    await loadCrmWorkDemoData(crm, tx);
    await loadPromotionDemoData(tx);
    await loadCompanyProfileDemoData(tx);
    await loadBlogsDemoData(tx);
    await addAppMeta(tx, DEMO_KEY, new Date().toISOString());
  });
  return {
    loaded: true,
    password: DEMO_PASSWORD,
    accounts: {
      seller: DEMO_ACCOUNTS.seller,
      subuser: DEMO_ACCOUNTS.subuser,
      buyer: DEMO_ACCOUNTS.buyer,
      otherSellers: `${SELLERS.length - 1} more, one per company: <company>@seller.tradeloop.test`,
      otherBuyers: `${BUYERS.length - 1} more: <name>@buyer.tradeloop.test`,
    },
  };
}
