import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type {
  BusinessTypeEntry,
  EmployeeBand,
  FacilityChoice,
  ProfileImageKind,
} from '@tradeloop/contracts/company-profile';
import { companyColumn } from '../accounts/public.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';

/*
 * A seller's company profile (docs/decisions/044): what its mini-site's about-us page shows.
 */

export type StoredFactory = { name: string; details: string; factoryImage: number[] };
export type StoredFacilities = { selected_value: FacilityChoice; factoryData: StoredFactory[] };
export type StoredCertification = { name: string; issuer: string; year: number | null; image_id: number | null };

/** One profile per company; lists (toggles, markets, facilities, certifications) are small and read whole. */
export const companyProfiles = pgTable('company_profiles', {
  companyId: companyColumn().primaryKey(),
  businessType: jsonb('business_type').$type<BusinessTypeEntry[]>().notNull().default([]),
  about: text('about').notNull().default(''),
  qaqcRnd: text('qaqc_rnd').notNull().default(''),
  yearEstablished: integer('year_established'),
  employees: text('employees').$type<EmployeeBand>(),
  mainMarkets: jsonb('main_markets').$type<string[]>().notNull().default([]),
  regStreetAddress: text('reg_street_address').notNull().default(''),
  regAdditionalAddress: text('reg_additional_address').notNull().default(''),
  registrationCity: text('registration_city').notNull().default(''),
  regRegionStateProvince: text('reg_region_state_province').notNull().default(''),
  registrationPostalcode: text('registration_postalcode').notNull().default(''),
  facilities: jsonb('facilities')
    .$type<StoredFacilities>()
    .notNull()
    .default({ selected_value: 'no', factoryData: [] }),
  certifications: jsonb('certifications').$type<StoredCertification[]>().notNull().default([]),
  /** The company's logo (issue 44): one of its images of kind logo. */
  logoImageId: bigint('logo_image_id', { mode: 'number' }).references(() => companyProfileImages.id, {
    onDelete: 'set null',
  }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Factory pictures and certificate scans, checked by content and re-encoded (decision 044). */
export const companyProfileImages = pgTable(
  'company_profile_images',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    kind: text('kind').$type<ProfileImageKind>().notNull(),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('company_profile_images_company_idx').on(t.companyId)],
);
