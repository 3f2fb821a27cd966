import { eq } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import {
  BUSINESS_TYPES,
  COMPANY_PROFILE_MESSAGES,
  businessTypeName,
  type BusinessTypeEntry,
  type CompanyProfile,
  type CompanyProfileInput,
  type Facilities,
  type ProfileImage,
} from '@tradeloop/contracts/company-profile';
import type { Tx } from '../../db/client.ts';
import { invalid, type FieldErrors } from '../../platform/errors.ts';
import { dropUnusedImages, imagesOf } from './images.ts';
import { companyProfiles, type StoredCertification, type StoredFacilities } from './tables.ts';

type Row = typeof companyProfiles.$inferSelect;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * Profile text is plain text: markup is removed (script and style with their content), what is
 * left is text the pages escape. The sanitizer's own escaping is undone so "R&D" stays "R&D".
 */
export function plainText(value: string): string {
  const stripped = sanitizeHtml(value, { allowedTags: [], allowedAttributes: {} });
  return stripped.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]).trim();
}

/** Every business type in the list's order, with the company's toggles; the company type is on until the seller says otherwise. */
function businessTypes(stored: BusinessTypeEntry[] | null, companyType: string): BusinessTypeEntry[] {
  const toggles = new Map((stored ?? []).map((entry) => [entry.name, entry.toggle]));
  return BUSINESS_TYPES.map((name) => ({
    name,
    toggle: stored ? (toggles.get(name) ?? 0) : name === companyType ? 1 : 0,
  }));
}

/** The factory images helper (spec section 3): none when selected_value is no, else every factory's images. */
export function factoryImages(facilities: Omit<Facilities, 'factory_images'>): ProfileImage[] {
  if (facilities.selected_value === 'no') return [];
  return facilities.factoryData.flatMap((factory) => factory.factoryImage);
}

function imageIdsOf(
  facilities: StoredFacilities,
  certifications: StoredCertification[],
  logoImageId: number | null,
): number[] {
  return [
    ...(logoImageId === null ? [] : [logoImageId]),
    ...facilities.factoryData.flatMap((factory) => factory.factoryImage),
    ...certifications.flatMap((certification) => (certification.image_id === null ? [] : [certification.image_id])),
  ];
}

async function present(db: Tx, companyId: number, companyType: string, row: Row | undefined): Promise<CompanyProfile> {
  const facilities = row?.facilities ?? { selected_value: 'no' as const, factoryData: [] };
  const certifications = row?.certifications ?? [];
  const logoImageId = row?.logoImageId ?? null;
  const images = await imagesOf(db, companyId, imageIdsOf(facilities, certifications, logoImageId));
  const shown = {
    selected_value: facilities.selected_value,
    factoryData: facilities.factoryData.map((factory) => ({
      name: factory.name,
      details: factory.details,
      factoryImage: factory.factoryImage.flatMap((id) => images.get(id) ?? []),
    })),
  };
  const toggles = businessTypes(row?.businessType ?? null, companyType);
  return {
    company_id: companyId,
    business_type: toggles,
    business_type_name: businessTypeName(toggles),
    logo: logoImageId === null ? null : (images.get(logoImageId) ?? null),
    about: row?.about ?? '',
    qaqc_rnd: row?.qaqcRnd ?? '',
    year_established: row?.yearEstablished ?? null,
    employees: row?.employees ?? null,
    main_markets: row?.mainMarkets ?? [],
    reg_street_address: row?.regStreetAddress ?? '',
    reg_additional_address: row?.regAdditionalAddress ?? '',
    registration_city: row?.registrationCity ?? '',
    reg_region_state_province: row?.regRegionStateProvince ?? '',
    registration_postalcode: row?.registrationPostalcode ?? '',
    facilities: { ...shown, factory_images: factoryImages(shown) },
    certifications: certifications.map((certification) => ({
      name: certification.name,
      issuer: certification.issuer,
      year: certification.year,
      image: certification.image_id === null ? null : (images.get(certification.image_id) ?? null),
    })),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** GET company_profile/view: the company's profile (empty fields until the seller fills them). */
export async function companyProfile(db: Tx, company: { id: number; companyType: string }): Promise<CompanyProfile> {
  const [row] = await db.select().from(companyProfiles).where(eq(companyProfiles.companyId, company.id));
  return present(db, company.id, company.companyType, row);
}

/**
 * POST company_profile/update: the whole profile at once. Images must be the company's own
 * uploads of the right kind; images taken out are deleted (their files after the commit: returned).
 */
export async function saveCompanyProfile(
  tx: Tx,
  company: { id: number; companyType: string },
  body: CompanyProfileInput,
): Promise<{ profile: CompanyProfile; removedKeys: string[] }> {
  const facilities: StoredFacilities = {
    selected_value: body.facilities.selected_value,
    factoryData: body.facilities.factoryData.map((factory) => ({
      name: plainText(factory.name),
      details: plainText(factory.details),
      factoryImage: [...new Set(factory.factoryImage)],
    })),
  };
  const certifications: StoredCertification[] = body.certifications.map((certification) => ({
    name: plainText(certification.name),
    issuer: plainText(certification.issuer),
    year: certification.year,
    image_id: certification.image_id,
  }));
  const owned = await imagesOf(tx, company.id);
  const errors: FieldErrors = {};
  facilities.factoryData.forEach((factory, index) => {
    factory.factoryImage.forEach((id, position) => {
      if (owned.get(id)?.kind !== 'factory')
        errors[`facilities.factoryData.${index}.factoryImage.${position}`] = [COMPANY_PROFILE_MESSAGES.imageNotFound];
    });
    if (!factory.name) errors[`facilities.factoryData.${index}.name`] = [COMPANY_PROFILE_MESSAGES.factoryNameRequired];
  });
  certifications.forEach((certification, index) => {
    if (certification.image_id !== null && owned.get(certification.image_id)?.kind !== 'certificate')
      errors[`certifications.${index}.image_id`] = [COMPANY_PROFILE_MESSAGES.imageNotFound];
    if (!certification.name)
      errors[`certifications.${index}.name`] = [COMPANY_PROFILE_MESSAGES.certificationNameRequired];
  });
  const [previous] = await tx.select().from(companyProfiles).where(eq(companyProfiles.companyId, company.id));
  // Left out, the logo stays; null takes it off (decision 052: the logo the documents print).
  const logoImageId = body.logo_image_id === undefined ? (previous?.logoImageId ?? null) : body.logo_image_id;
  if (logoImageId !== null && owned.get(logoImageId)?.kind !== 'logo')
    errors.logo_image_id = [COMPANY_PROFILE_MESSAGES.logoNotFound];
  if (Object.keys(errors).length) throw invalid(errors);

  const values = {
    businessType: businessTypes(body.business_type, company.companyType),
    about: plainText(body.about),
    qaqcRnd: plainText(body.qaqc_rnd),
    yearEstablished: body.year_established,
    employees: body.employees ?? null,
    mainMarkets: [...new Set(body.main_markets.map(plainText).filter(Boolean))],
    regStreetAddress: plainText(body.reg_street_address),
    regAdditionalAddress: plainText(body.reg_additional_address),
    registrationCity: plainText(body.registration_city),
    regRegionStateProvince: plainText(body.reg_region_state_province),
    registrationPostalcode: plainText(body.registration_postalcode),
    facilities,
    certifications,
    logoImageId,
    updatedAt: new Date(),
  };
  const [row] = await tx
    .insert(companyProfiles)
    .values({ companyId: company.id, ...values })
    .onConflictDoUpdate({ target: companyProfiles.companyId, set: values })
    .returning();
  const previouslyUsed = new Set(
    previous ? imageIdsOf(previous.facilities, previous.certifications, previous.logoImageId) : [],
  );
  const removedKeys = await dropUnusedImages(
    tx,
    company.id,
    new Set(imageIdsOf(facilities, certifications, logoImageId)),
    previouslyUsed,
  );
  return { profile: await present(tx, company.id, company.companyType, row), removedKeys };
}
