import type { FieldSettings, FieldType, RecordTypeId, TabColumns } from '@tradeloop/contracts/crm/records';

export type DefaultField = {
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  unique?: boolean;
  tooltip?: string;
  options?: string[];
  settings?: FieldSettings;
  /** Needed by every record (titles, boards, relations): can move, cannot leave the form. */
  system?: boolean;
};
export type DefaultSection = { name: string; tabColumns: TabColumns; fields: DefaultField[] };

export const LEAD_STATUSES = ['New', 'Contacted', 'Qualified', 'Proposal Sent', 'Unqualified', 'Converted', 'Lost'];
export const DEAL_STAGES = ['Qualification', 'Needs Analysis', 'Proposal', 'Negotiation', 'Closed Won', 'Closed Lost'];
export const DEAL_WON_STAGE = 'Closed Won';
export const LEAD_CONVERTED_STATUS = 'Converted';
export const LEAD_SOURCES = [
  'Marketplace Quote',
  'Marketplace Chat',
  'Marketplace Engagement',
  'Marketplace Buying Request',
  'Website',
  'Trade Show',
  'Referral',
  'Cold Call',
  'Email Campaign',
  'Social Media',
  'Partner',
  'Other',
];
export const INDUSTRIES = [
  'Agriculture',
  'Automotive',
  'Chemicals',
  'Construction',
  'Electronics',
  'Energy',
  'Food & Beverage',
  'Healthcare',
  'Machinery',
  'Packaging',
  'Steel & Metals',
  'Textiles',
  'Other',
];
const RATINGS = ['Hot', 'Warm', 'Cold'];
const CONTACT_CHANNELS = ['Email', 'Phone', 'WhatsApp', 'Chat'];

const address = (prefix = ''): DefaultField[] => [
  { name: `${prefix}street`, label: 'Street', type: 'text' },
  { name: `${prefix}city`, label: 'City', type: 'text' },
  { name: `${prefix}state`, label: 'State / Province', type: 'text' },
  { name: `${prefix}postal_code`, label: 'Postal code', type: 'text' },
  { name: `${prefix}country`, label: 'Country', type: 'text' },
];
const description: DefaultSection = {
  name: 'Description Information',
  tabColumns: 'single',
  fields: [{ name: 'description', label: 'Description', type: 'textarea' }],
};

const LEAD_FORM: DefaultSection[] = [
  {
    name: 'Lead Information',
    tabColumns: 'multi',
    fields: [
      { name: 'first_name', label: 'First name', type: 'text', required: true, system: true },
      { name: 'last_name', label: 'Last name', type: 'text', system: true },
      { name: 'company', label: 'Company', type: 'text', system: true },
      { name: 'job_title', label: 'Job title', type: 'text' },
      { name: 'email', label: 'E-mail', type: 'email', system: true },
      { name: 'phone', label: 'Phone', type: 'phone', system: true },
      { name: 'mobile', label: 'Mobile', type: 'phone' },
      // The marketplace buyer's verified facts (decision 064); the seller may tick them for others.
      { name: 'email_verified', label: 'E-mail verified', type: 'checkbox' },
      { name: 'mobile_verified', label: 'Mobile verified', type: 'checkbox' },
      { name: 'website', label: 'Website', type: 'url' },
      {
        name: 'lead_status',
        label: 'Lead status',
        type: 'select',
        required: true,
        options: LEAD_STATUSES,
        settings: { default_value: 'New' },
        system: true,
      },
      { name: 'lead_source', label: 'Lead source', type: 'select', options: LEAD_SOURCES, system: true },
      { name: 'industry', label: 'Industry', type: 'select', options: INDUSTRIES },
      { name: 'rating', label: 'Rating', type: 'select', options: RATINGS },
    ],
  },
  { name: 'Address Information', tabColumns: 'multi', fields: address() },
  {
    name: 'Additional Information',
    tabColumns: 'multi',
    fields: [
      { name: 'annual_revenue', label: 'Annual revenue', type: 'currency', settings: { currency: 'USD' } },
      { name: 'no_of_employees', label: 'No. of employees', type: 'number' },
      { name: 'product_interest', label: 'Product interest', type: 'text' },
      {
        name: 'preferred_channels',
        label: 'Preferred channels',
        type: 'multiselect',
        options: CONTACT_CHANNELS,
      },
      { name: 'next_follow_up', label: 'Next follow-up', type: 'date' },
      { name: 'email_opt_out', label: 'E-mail opt out', type: 'checkbox' },
    ],
  },
  description,
];

const CONTACT_FORM: DefaultSection[] = [
  {
    name: 'Contact Information',
    tabColumns: 'multi',
    fields: [
      { name: 'first_name', label: 'First name', type: 'text', required: true, system: true },
      { name: 'last_name', label: 'Last name', type: 'text', system: true },
      {
        name: 'account',
        label: 'Account',
        type: 'lookup',
        settings: { lookup_type_id: 3 },
        system: true,
      },
      { name: 'job_title', label: 'Job title', type: 'text' },
      { name: 'department', label: 'Department', type: 'text' },
      { name: 'email', label: 'E-mail', type: 'email', system: true },
      { name: 'phone', label: 'Phone', type: 'phone', system: true },
      { name: 'mobile', label: 'Mobile', type: 'phone' },
      { name: 'lead_source', label: 'Lead source', type: 'select', options: LEAD_SOURCES },
      {
        name: 'lifecycle_stage',
        label: 'Lifecycle stage',
        type: 'select',
        options: ['Subscriber', 'Lead', 'Opportunity', 'Customer', 'Evangelist'],
        settings: { default_value: 'Lead' },
      },
    ],
  },
  { name: 'Address Information', tabColumns: 'multi', fields: address() },
  {
    name: 'Additional Information',
    tabColumns: 'multi',
    fields: [
      {
        name: 'preferred_channels',
        label: 'Preferred channels',
        type: 'multiselect',
        options: CONTACT_CHANNELS,
      },
      { name: 'linkedin', label: 'LinkedIn', type: 'url' },
      { name: 'date_of_birth', label: 'Date of birth', type: 'date' },
      { name: 'email_opt_out', label: 'E-mail opt out', type: 'checkbox' },
    ],
  },
  description,
];

const ACCOUNT_FORM: DefaultSection[] = [
  {
    name: 'Account Information',
    tabColumns: 'multi',
    fields: [
      { name: 'account_name', label: 'Account name', type: 'text', required: true, system: true },
      { name: 'website', label: 'Website', type: 'url' },
      { name: 'phone', label: 'Phone', type: 'phone', system: true },
      { name: 'email', label: 'E-mail', type: 'email', system: true },
      {
        name: 'account_type',
        label: 'Account type',
        type: 'select',
        options: ['Prospect', 'Customer', 'Partner', 'Distributor', 'Vendor', 'Competitor', 'Other'],
        settings: { default_value: 'Prospect' },
      },
      { name: 'industry', label: 'Industry', type: 'select', options: INDUSTRIES },
      { name: 'annual_revenue', label: 'Annual revenue', type: 'currency', settings: { currency: 'USD' } },
      { name: 'no_of_employees', label: 'No. of employees', type: 'number' },
      { name: 'rating', label: 'Rating', type: 'select', options: RATINGS },
    ],
  },
  { name: 'Address Information', tabColumns: 'multi', fields: address() },
  {
    name: 'Additional Information',
    tabColumns: 'multi',
    fields: [
      { name: 'tax_id', label: 'Tax / VAT number', type: 'text' },
      { name: 'customer_since', label: 'Customer since', type: 'date' },
    ],
  },
  description,
];

const DEAL_FORM: DefaultSection[] = [
  {
    name: 'Deal Information',
    tabColumns: 'multi',
    fields: [
      { name: 'deal_name', label: 'Deal name', type: 'text', required: true, system: true },
      { name: 'amount', label: 'Amount', type: 'currency', settings: { currency: 'USD' }, system: true },
      {
        name: 'stage',
        label: 'Stage',
        type: 'select',
        required: true,
        options: DEAL_STAGES,
        settings: { default_value: 'Qualification' },
        system: true,
      },
      { name: 'closing_date', label: 'Closing date', type: 'date' },
      { name: 'probability', label: 'Probability (%)', type: 'number' },
      {
        name: 'account',
        label: 'Account',
        type: 'lookup',
        settings: { lookup_type_id: 3 },
        system: true,
      },
      {
        name: 'contacts',
        label: 'Contacts',
        type: 'lookup',
        settings: { lookup_type_id: 4, multiple: true },
        system: true,
      },
      { name: 'lead_source', label: 'Lead source', type: 'select', options: LEAD_SOURCES },
      {
        name: 'deal_type',
        label: 'Type',
        type: 'select',
        options: ['New Business', 'Existing Business'],
      },
    ],
  },
  {
    name: 'Additional Information',
    tabColumns: 'multi',
    fields: [
      { name: 'next_step', label: 'Next step', type: 'text' },
      { name: 'expected_quantity', label: 'Expected quantity', type: 'number' },
    ],
  },
  description,
];

export const DEFAULT_FORMS: Record<RecordTypeId, { name: string; sections: DefaultSection[] }> = {
  1: { name: 'Lead form', sections: LEAD_FORM },
  2: { name: 'Deal form', sections: DEAL_FORM },
  3: { name: 'Account form', sections: ACCOUNT_FORM },
  4: { name: 'Contact form', sections: CONTACT_FORM },
};

/** The field a board groups by when the user has not chosen one, and the field it sums. */
export const KANBAN_DEFAULTS: Record<RecordTypeId, { groupBy: string; amount: string | null }> = {
  1: { groupBy: 'lead_status', amount: null },
  2: { groupBy: 'stage', amount: 'amount' },
  3: { groupBy: 'account_type', amount: null },
  4: { groupBy: 'lifecycle_stage', amount: null },
};

/** Columns of the built-in "All …" view. */
export const DEFAULT_COLUMNS: Record<RecordTypeId, string[]> = {
  1: ['first_name', 'last_name', 'company', 'email', 'phone', 'lead_status', 'lead_source', 'owner_id', 'created_at'],
  2: ['deal_name', 'amount', 'stage', 'closing_date', 'account', 'owner_id', 'created_at'],
  3: ['account_name', 'account_type', 'industry', 'phone', 'website', 'city', 'owner_id', 'created_at'],
  4: ['first_name', 'last_name', 'account', 'email', 'phone', 'lifecycle_stage', 'owner_id', 'created_at'],
};
