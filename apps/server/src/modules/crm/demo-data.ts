import { eq } from 'drizzle-orm';
import { CRM_TYPE, type RecordTypeId, type RecordValues } from '@tradeloop/contracts/crm/records';
import { DEMO_ACCOUNTS } from '@tradeloop/contracts/demo';
import type { Tx } from '../../db/client.ts';
import { toE164 } from '@tradeloop/contracts/phone';
import { companyIds, findPeople } from '../accounts/public.ts';
import { findCountry } from '../reference/public.ts';
import { convertLead } from './records/conversion.ts';
import { ensureDefaultForms } from './forms/service.ts';
import { createRecord, type Actor } from './records/service.ts';
import { crmRecords } from './records/tables.ts';
import { crmSavedFilters, crmViews } from './views/tables.ts';
import type { CrmHooks } from './records/hooks.ts';

/** A small deterministic generator, so every demo database looks the same. */
function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] };
}

const ACCOUNTS = [
  {
    name: 'Gulf Petrochem Industries',
    city: 'Jubail',
    country: 'Saudi Arabia',
    industry: 'Chemicals',
    type: 'Customer',
    site: 'gulfpetrochem.example',
    revenue: 48_000_000,
    staff: 1200,
  },
  {
    name: 'Nordic Pump Systems AB',
    city: 'Gothenburg',
    country: 'Sweden',
    industry: 'Machinery',
    type: 'Distributor',
    site: 'nordicpump.example',
    revenue: 12_500_000,
    staff: 140,
  },
  {
    name: 'Apex Sugar Mills',
    city: 'Kolhapur',
    country: 'India',
    industry: 'Food & Beverage',
    type: 'Customer',
    site: 'apexsugar.example',
    revenue: 9_800_000,
    staff: 650,
  },
  {
    name: 'Lakeside Water Utility',
    city: 'Nakuru',
    country: 'Kenya',
    industry: 'Energy',
    type: 'Prospect',
    site: 'lakesidewater.example',
    revenue: 6_200_000,
    staff: 310,
  },
  {
    name: 'Hanoi Steel Fabricators',
    city: 'Hanoi',
    country: 'Vietnam',
    industry: 'Steel & Metals',
    type: 'Prospect',
    site: 'hanoisteelfab.example',
    revenue: 21_000_000,
    staff: 800,
  },
  {
    name: 'Andes Mining Supplies',
    city: 'Antofagasta',
    country: 'Chile',
    industry: 'Machinery',
    type: 'Partner',
    site: 'andesmining.example',
    revenue: 15_300_000,
    staff: 220,
  },
  {
    name: 'Rhein Valve Trading GmbH',
    city: 'Duisburg',
    country: 'Germany',
    industry: 'Machinery',
    type: 'Distributor',
    site: 'rheinvalve.example',
    revenue: 7_400_000,
    staff: 45,
  },
  {
    name: 'Sunrise Textiles',
    city: 'Tiruppur',
    country: 'India',
    industry: 'Textiles',
    type: 'Customer',
    site: 'sunrisetextiles.example',
    revenue: 5_100_000,
    staff: 900,
  },
  {
    name: 'Coastal Desalination Co.',
    city: 'Muscat',
    country: 'Oman',
    industry: 'Energy',
    type: 'Prospect',
    site: 'coastaldesal.example',
    revenue: 33_000_000,
    staff: 410,
  },
  {
    name: 'Prairie Agro Equipment',
    city: 'Regina',
    country: 'Canada',
    industry: 'Agriculture',
    type: 'Prospect',
    site: 'prairieagro.example',
    revenue: 11_900_000,
    staff: 160,
  },
  {
    name: 'Bangla Pharma Works',
    city: 'Gazipur',
    country: 'Bangladesh',
    industry: 'Healthcare',
    type: 'Customer',
    site: 'banglapharma.example',
    revenue: 18_700_000,
    staff: 1500,
  },
  {
    name: 'Cairo Construction Group',
    city: 'Cairo',
    country: 'Egypt',
    industry: 'Construction',
    type: 'Prospect',
    site: 'cairocg.example',
    revenue: 27_500_000,
    staff: 2100,
  },
];

const PEOPLE = [
  ['Ahmed', 'Al Harbi'],
  ['Erik', 'Lindqvist'],
  ['Sunita', 'Patil'],
  ['Grace', 'Wanjiru'],
  ['Tran', 'Van Minh'],
  ['Lucia', 'Fernández'],
  ['Jonas', 'Becker'],
  ['Karthik', 'Raman'],
  ['Salim', 'Al Busaidi'],
  ['Emily', 'Clarke'],
  ['Nusrat', 'Jahan'],
  ['Youssef', 'Mansour'],
  ['Hiroshi', 'Sato'],
  ['Maria', 'Rossi'],
  ['David', 'Okonkwo'],
  ['Ananya', 'Iyer'],
  ['Pablo', 'Gómez'],
  ['Olga', 'Ivanova'],
  ['Chen', 'Jing'],
  ['Fatou', 'Diop'],
  ['Ravi', 'Shankar'],
  ['Sophie', 'Laurent'],
  ['Mehmet', 'Demir'],
  ['Isabela', 'Santos'],
  ['Tom', 'Walsh'],
  ['Aisha', 'Bello'],
  ['Kenji', 'Watanabe'],
  ['Noura', 'Haddad'],
  ['Lars', 'Nielsen'],
  ['Priyanka', 'Menon'],
  // As many people as demo leads, so no two leads share a name, an e-mail or a phone (issue 42).
  ['Kwame', 'Mensah'],
  ['Agnieszka', 'Nowak'],
  ['Karim', 'Benali'],
  ['Nguyen', 'Thi Lan'],
  ['Martín', 'Herrera'],
  ['Dmitri', 'Volkov'],
] as const;

const LEAD_COMPANIES = [
  ['Delta Irrigation Pvt Ltd', 'Nashik', 'India', 'Agriculture'],
  ['Kumasi Brewery', 'Kumasi', 'Ghana', 'Food & Beverage'],
  ['Baltic Ship Repair', 'Gdańsk', 'Poland', 'Machinery'],
  ['Sahara Cement', 'Oran', 'Algeria', 'Construction'],
  ['Mekong Paper Mill', 'Can Tho', 'Vietnam', 'Packaging'],
  ['Atlas Fertilisers', 'Casablanca', 'Morocco', 'Chemicals'],
  ['Pampas Dairy Co-op', 'Rosario', 'Argentina', 'Food & Beverage'],
  ['Volga Heat & Power', 'Samara', 'Russia', 'Energy'],
  ['Java Palm Oil Refinery', 'Surabaya', 'Indonesia', 'Food & Beverage'],
  ['Anatolian Auto Parts', 'Bursa', 'Türkiye', 'Automotive'],
  ['Outback Minerals', 'Kalgoorlie', 'Australia', 'Steel & Metals'],
  ['Highland Distillers', 'Inverness', 'United Kingdom', 'Food & Beverage'],
  ['Andhra Aqua Farms', 'Nellore', 'India', 'Agriculture'],
  ['Riverside Textile Dyeing', 'Faisalabad', 'Pakistan', 'Textiles'],
  ['Santos Port Services', 'Santos', 'Brazil', 'Machinery'],
];

const PRODUCTS = [
  'Centrifugal pumps',
  'Gate valves',
  'Slurry pumps',
  'Pump spares',
  'Butterfly valves',
  'Dosing pumps',
  'AMC service contract',
];
const SOURCES = ['Marketplace Quote', 'Marketplace Chat', 'Website', 'Trade Show', 'Referral', 'Email Campaign'];
const STATUSES = ['New', 'New', 'Contacted', 'Contacted', 'Qualified', 'Proposal Sent', 'Unqualified'];
const STAGES = ['Qualification', 'Needs Analysis', 'Proposal', 'Negotiation', 'Closed Won', 'Closed Lost'];
const DAY = 24 * 60 * 60 * 1000;

const emailOf = (first: string, last: string, site: string) =>
  `${first}.${last}`
    .normalize('NFKD')
    .replace(/[^\w.]/g, '')
    .toLowerCase() + `@${site}`;

async function backdate(tx: Tx, id: number, daysAgo: number) {
  const when = new Date(Date.now() - daysAgo * DAY);
  await tx.update(crmRecords).set({ createdAt: when, updatedAt: when }).where(eq(crmRecords.id, id));
}

async function add(
  crm: CrmHooks,
  tx: Tx,
  actor: Actor,
  typeId: RecordTypeId,
  values: RecordValues,
  ownerId: number,
  daysAgo: number,
) {
  const record = await createRecord(crm, tx, actor, { typeId, values, ownerId });
  await backdate(tx, record.id, daysAgo);
  return record;
}

type Team = { actor: Actor; owners: number[] };

async function demoAccountsAndContacts(crm: CrmHooks, tx: Tx, team: Team, random: ReturnType<typeof seeded>) {
  const accounts: { id: number; site: string; name: string }[] = [];
  for (const [index, account] of ACCOUNTS.entries()) {
    const created = await add(
      crm,
      tx,
      team.actor,
      CRM_TYPE.accounts,
      {
        account_name: account.name,
        website: `https://www.${account.site}`,
        phone: `+${10 + index} ${4000 + index * 37} ${100_000 + index * 7919}`,
        email: `purchase@${account.site}`,
        account_type: account.type,
        industry: account.industry,
        annual_revenue: account.revenue,
        no_of_employees: account.staff,
        rating: random.pick(['Hot', 'Warm', 'Cold']),
        city: account.city,
        country: account.country,
        description: `${account.industry} buyer sourcing pumps and valves for its plants in ${account.city}.`,
      },
      team.owners[index % team.owners.length],
      60 + index * 3,
    );
    accounts.push({ id: created.id, site: account.site, name: account.name });
  }
  const contacts: { id: number; account: number }[] = [];
  for (const [index, [first, last]] of PEOPLE.slice(0, 24).entries()) {
    const account = accounts[index % accounts.length];
    const created = await add(
      crm,
      tx,
      team.actor,
      CRM_TYPE.contacts,
      {
        first_name: first,
        last_name: last,
        account: account.id,
        job_title: random.pick([
          'Purchase Manager',
          'Plant Head',
          'Maintenance Engineer',
          'Procurement Lead',
          'Director',
        ]),
        department: random.pick(['Procurement', 'Maintenance', 'Operations', 'Engineering']),
        email: emailOf(first, last, account.site),
        phone: `+${20 + index} ${7000 + index * 13} ${200_000 + index * 4271}`,
        lifecycle_stage: random.pick(['Lead', 'Opportunity', 'Customer', 'Customer']),
        lead_source: random.pick(SOURCES),
        preferred_channels: [random.pick(['Email', 'Phone', 'WhatsApp', 'Chat'])],
      },
      team.owners[index % team.owners.length],
      40 + index,
    );
    contacts.push({ id: created.id, account: account.id });
  }
  return { accounts, contacts };
}

async function demoDeals(
  crm: CrmHooks,
  tx: Tx,
  team: Team,
  random: ReturnType<typeof seeded>,
  related: Awaited<ReturnType<typeof demoAccountsAndContacts>>,
) {
  for (let index = 0; index < 14; index += 1) {
    const contact = related.contacts[index % related.contacts.length];
    const account = related.accounts.find((candidate) => candidate.id === contact.account)!;
    const product = PRODUCTS[index % PRODUCTS.length];
    await add(
      crm,
      tx,
      team.actor,
      CRM_TYPE.deals,
      {
        deal_name: `${account.name} – ${product}`,
        amount: Math.round(8_000 + random.next() * 240_000),
        stage: STAGES[index % STAGES.length],
        closing_date: new Date(Date.now() + (index - 4) * 9 * DAY).toISOString().slice(0, 10),
        probability: [10, 25, 50, 75, 100, 0][index % STAGES.length],
        account: account.id,
        contacts: [contact.id],
        lead_source: random.pick(SOURCES),
        deal_type: index % 3 === 0 ? 'Existing Business' : 'New Business',
        expected_quantity: 5 + Math.floor(random.next() * 200),
        next_step: random.pick(['Send revised quotation', 'Factory visit', 'Technical call', 'Sample dispatch']),
      },
      team.owners[index % team.owners.length],
      30 - index,
    );
  }
}

/** A lead's phone in E.164 with its country's calling code, distinct per lead. */
function demoPhone(country: string, index: number) {
  const callingCode = findCountry(country)?.phonecode.replace(/^\+/, '').split(/\D/)[0] || '44';
  return toE164(`+${callingCode}${7_100_000_000 + index * 1_234_567}`) ?? `+${callingCode}${7_100_000_000 + index}`;
}

async function demoLeads(crm: CrmHooks, tx: Tx, team: Team, random: ReturnType<typeof seeded>) {
  const leads: number[] = [];
  for (let index = 0; index < 36; index += 1) {
    const [first, last] = PEOPLE[(index + 7) % PEOPLE.length];
    const [company, city, country, industry] = LEAD_COMPANIES[index % LEAD_COMPANIES.length];
    const site = `${company.toLowerCase().replace(/[^a-z]+/g, '')}.example`;
    const lead = await add(
      crm,
      tx,
      team.actor,
      CRM_TYPE.leads,
      {
        first_name: first,
        last_name: last,
        company,
        job_title: random.pick([
          'Purchase Manager',
          'Owner',
          'Project Engineer',
          'Sourcing Executive',
          'Plant Manager',
        ]),
        email: emailOf(first, last, site),
        phone: demoPhone(country, index),
        website: `https://${site}`,
        lead_status: STATUSES[index % STATUSES.length],
        lead_source: SOURCES[index % SOURCES.length],
        industry,
        rating: random.pick(['Hot', 'Warm', 'Cold']),
        city,
        country,
        annual_revenue: Math.round(500_000 + random.next() * 30_000_000),
        no_of_employees: 20 + Math.floor(random.next() * 2000),
        product_interest: PRODUCTS[index % PRODUCTS.length],
        preferred_channels: index % 2 ? ['Email', 'WhatsApp'] : ['Phone'],
        next_follow_up: new Date(Date.now() + ((index % 10) - 3) * DAY).toISOString().slice(0, 10),
        description: `Asked for a quotation on ${PRODUCTS[index % PRODUCTS.length].toLowerCase()} for their ${city} site.`,
      },
      team.owners[index % team.owners.length],
      index * 2,
    );
    leads.push(lead.id);
  }
  return leads;
}

async function demoViews(tx: Tx, team: Team) {
  // Shared with the company, as every view was before views had owners (docs/decisions/058).
  const base = { companyId: team.actor.companyId, createdBy: team.actor.userId, visibility: 'company' as const };
  await tx.insert(crmViews).values([
    {
      ...base,
      typeId: CRM_TYPE.leads,
      name: 'Hot leads',
      columns: ['first_name', 'last_name', 'company', 'rating', 'lead_status', 'annual_revenue', 'owner_id'],
      sort: { field: 'annual_revenue', direction: 'desc' },
      filters: [{ id: 'rating', condition: 1, value: ['Hot'] }],
    },
    {
      ...base,
      typeId: CRM_TYPE.deals,
      name: 'Open pipeline',
      columns: ['deal_name', 'amount', 'stage', 'closing_date', 'account', 'owner_id'],
      sort: { field: 'closing_date', direction: 'asc' },
      filters: [{ id: 'stage', condition: 2, value: ['Closed Won', 'Closed Lost'] }],
    },
  ]);
  await tx.insert(crmSavedFilters).values([
    {
      ...base,
      typeId: CRM_TYPE.leads,
      name: 'From the marketplace',
      filters: [{ id: 'lead_source', condition: 1, value: ['Marketplace Quote', 'Marketplace Chat'] }],
    },
    {
      ...base,
      typeId: CRM_TYPE.leads,
      name: 'Big buyers',
      filters: [{ id: 'annual_revenue', condition: 12, value: 10_000_000 }],
    },
  ]);
}

/**
 * Demo CRM: default forms for every demo company, and for the demo seller (and its sub-user) a
 * working pipeline of accounts, contacts, deals and leads, a few converted, with views and filters.
 */
export async function loadCrmDemoData(crm: CrmHooks, tx: Tx) {
  for (const companyId of await companyIds(tx)) await ensureDefaultForms(tx, companyId);
  const [seller] = await findPeople(tx, { email: DEMO_ACCOUNTS.seller });
  if (!seller?.companyId) return;
  const [subuser] = await findPeople(tx, { email: DEMO_ACCOUNTS.subuser });
  const team: Team = {
    actor: { companyId: seller.companyId, userId: seller.id },
    owners: subuser ? [seller.id, subuser.id] : [seller.id],
  };
  const random = seeded(20_260_101);
  const related = await demoAccountsAndContacts(crm, tx, team, random);
  await demoDeals(crm, tx, team, random, related);
  const leads = await demoLeads(crm, tx, team, random);
  for (const [index, leadId] of leads.slice(4, 8).entries()) {
    await convertLead(crm, tx, team.actor, {
      lead_id: leadId,
      create_deal: index % 2 === 0,
      deal: { amount: 45_000 + index * 12_500 },
    });
  }
  await demoViews(tx, team);
}
