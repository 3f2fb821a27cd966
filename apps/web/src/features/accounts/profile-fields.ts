import {
  BASIC_FIELDS,
  INTERESTS_FIELD,
  JOB_FIELDS,
  REGISTRATION_FIELDS,
  type Profile,
  type ProfileField,
} from '@tradeloop/contracts/accounts';
import type { UserType } from '@tradeloop/contracts/auth';
import { PATHS, profilePath, type ProfileTab } from '../../lib/paths.ts';

/** How each profile field of spec section 3 is named on screen. */
export const PROFILE_FIELD_LABELS: Record<ProfileField, string> = {
  full_name: 'Full name',
  first_name: 'First name',
  last_name: 'Last name',
  gender: 'Gender',
  country: 'Country',
  state: 'State or province',
  city: 'City',
  postal_code: 'Postal code',
  address: 'Address details',
  street_address: 'Street address',
  lats: 'Latitude',
  longs: 'Longitude',
  mobile_code: 'Mobile country',
  mobile_country_code: 'Dialling code',
  mobile: 'Mobile number',
  avatar_original: 'Profile photo',
  department: 'Department',
  designation: 'Designation',
  main_language_1: 'Main language',
  language: 'Languages',
  time_zone: 'Time zone',
  procurement_priorities: 'Procurement priorities',
  purchasing_authority: 'Purchasing authority',
  technical_expertise: 'Technical expertise',
  years_of_experience: 'Years of experience',
  job_function: 'Job function',
  job_role: 'Job role',
  industry_knowledge: 'Industry knowledge',
  education: 'Education',
  location: 'Work location',
  target_customer: 'Target customers',
  industry_expertise: 'Industry expertise',
  company_type: 'Company type',
  sales_skills: 'Sales skills',
  certification: 'Certifications',
  reg_street_address: 'Registered street address',
  reg_additional_address: 'Additional address',
  registration_city: 'Registered city',
  reg_region_state_province: 'Region, state or province',
  registration_postalcode: 'Registered postal code',
};

export function fieldLabel(field: string): string {
  if (field === INTERESTS_FIELD) return 'Buying interests';
  return (PROFILE_FIELD_LABELS as Record<string, string>)[field] ?? field.replaceAll('_', ' ');
}

/** The profile tab holding a field, so a pending field can link straight to it. */
export function tabOfField(field: string): ProfileTab {
  if ((JOB_FIELDS as readonly string[]).includes(field)) return 'job';
  if ((REGISTRATION_FIELDS as readonly string[]).includes(field)) return 'registration';
  return 'basic';
}

/** Where a pending field is filled in: a buyer's interests on the onboarding page, the rest on a profile tab. */
export function pathOfField(field: string): string {
  return field === INTERESTS_FIELD ? `${PATHS.onboarding}?step=interests` : profilePath(tabOfField(field));
}

/** Registration address is a seller's (buyers have none; sub-users act inside their seller's company). */
export function hasRegistrationTab(userType: UserType): boolean {
  return userType === 'seller';
}

export const isBasicField = (field: string) => (BASIC_FIELDS as readonly string[]).includes(field);

/** Form values: every text field as a string ('' for empty), as Mantine inputs want them. */
export type TextValues<K extends ProfileField> = Record<K, string>;

export function toFormValues<K extends ProfileField>(profile: Profile, fields: readonly K[]): TextValues<K> {
  return Object.fromEntries(fields.map((field) => [field, (profile[field] as string | null) ?? ''])) as TextValues<K>;
}

/** Fields whose empty value must be sent as null (enums and codes cannot be ''). */
const NULL_WHEN_EMPTY = new Set<string>(['gender', 'country', 'time_zone', 'company_type']);

/** The PATCH body for a tab: empty optional fields become null; the full name stays as typed. */
export function toUpdateBody<K extends ProfileField>(values: TextValues<K>): Record<K, string | null> {
  return Object.fromEntries(
    Object.entries<string>(values).map(([field, value]) => [
      field,
      NULL_WHEN_EMPTY.has(field) && value.trim() === '' ? null : value,
    ]),
  ) as Record<K, string | null>;
}
