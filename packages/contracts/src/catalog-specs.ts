import { z } from 'zod';
import { firstDuplicate } from './catalog-terms.ts';

/**
 * Product specifications (spec sections 3, 5 and 7): a sheet of named groups, each holding
 * specification rows ("levels"). A row is passive (a suggestion of the product's categories, kept
 * linked to it) or custom (a name of the seller's own). See docs/decisions/006.
 */

export const SPECIFICATION_TYPES = ['passive', 'custom'] as const;
export type SpecificationType = (typeof SPECIFICATION_TYPES)[number];

export const SPEC_LIMITS = { groups: 20, rows: 150, name: 80, value: 200, unit: 20, groupName: 60 } as const;
export const DEFAULT_SPEC_GROUP = 'General';

export const SPEC_MESSAGES = {
  // Spec section 5, verbatim.
  customNotUnique: 'Please enter a unique value for the custom specification.',
  // Ours.
  nameRequired: 'Please enter the specification name',
  nameTooLong: 'Specification names must be at most 80 characters',
  valueTooLong: 'Values must be at most 200 characters',
  unitTooLong: 'Units must be at most 20 characters',
  groupNameRequired: 'Please enter the group name',
  groupNameTooLong: 'Group names must be at most 60 characters',
  groupNameTaken: 'A group with this name already exists',
  tooManyGroups: 'A product can have at most 20 specification groups',
  tooManyRows: 'A product can have at most 150 specifications',
  unknownTemplate: 'This suggested specification does not exist',
  nothingToDelete: 'Please choose the specifications to delete',
  saved: 'Specifications saved.',
  deleted: 'Specifications deleted.',
  groupCreated: 'Group created.',
  groupRenamed: 'Group renamed.',
} as const;

const productId = z.coerce.number().int().positive();
const specName = z
  .string({ error: SPEC_MESSAGES.nameRequired })
  .trim()
  .min(1, SPEC_MESSAGES.nameRequired)
  .max(SPEC_LIMITS.name, SPEC_MESSAGES.nameTooLong);
const specValue = z
  .string()
  .trim()
  .max(SPEC_LIMITS.value, SPEC_MESSAGES.valueTooLong)
  .nullish()
  .transform((value) => value ?? '');
const specUnit = z
  .string()
  .trim()
  .max(SPEC_LIMITS.unit, SPEC_MESSAGES.unitTooLong)
  .nullish()
  .transform((value) => value || null);
const groupName = z
  .string({ error: SPEC_MESSAGES.groupNameRequired })
  .trim()
  .min(1, SPEC_MESSAGES.groupNameRequired)
  .max(SPEC_LIMITS.groupName, SPEC_MESSAGES.groupNameTooLong);

export const specificationInputSchema = z.object({
  template_id: z.number().int().positive().nullish(),
  type: z.enum(SPECIFICATION_TYPES).default('custom'),
  name: specName,
  value: specValue,
  unit: specUnit,
});
export type SpecificationInput = z.infer<typeof specificationInputSchema>;

export const specificationGroupInputSchema = z.object({
  name: groupName,
  items: z.array(specificationInputSchema).max(SPEC_LIMITS.rows, SPEC_MESSAGES.tooManyRows),
});

/** A whole sheet. Names are unique across the sheet, group names across groups (spec section 5). */
export const specificationSheetSchema = z
  .array(specificationGroupInputSchema)
  .max(SPEC_LIMITS.groups, SPEC_MESSAGES.tooManyGroups)
  .superRefine((groups, ctx) => {
    const repeatedGroup = firstDuplicate(groups.map((group) => group.name));
    if (repeatedGroup >= 0) {
      ctx.addIssue({ code: 'custom', path: [repeatedGroup, 'name'], message: SPEC_MESSAGES.groupNameTaken });
    }
    const rows = groups.flatMap((group, g) =>
      group.items.map((item, i) => ({ name: item.name, path: [g, 'items', i, 'name'] })),
    );
    if (rows.length > SPEC_LIMITS.rows) ctx.addIssue({ code: 'custom', path: [], message: SPEC_MESSAGES.tooManyRows });
    const seen = new Set<string>();
    for (const row of rows) {
      const key = row.name.trim().toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: row.path, message: SPEC_MESSAGES.customNotUnique });
      seen.add(key);
    }
  });
export type SpecificationSheet = z.infer<typeof specificationSheetSchema>;
export type SpecificationSheetInput = z.input<typeof specificationSheetSchema>;

export const specificationSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  template_id: z.number().int().nullable(),
  type: z.enum(SPECIFICATION_TYPES),
  name: z.string(),
  value: z.string(),
  unit: z.string().nullable(),
  position: z.number().int(),
});
export type Specification = z.infer<typeof specificationSchema>;

export const specificationGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  items: z.array(specificationSchema),
});
export type SpecificationGroup = z.infer<typeof specificationGroupSchema>;

export const specificationsListSchema = z.object({
  product_id: z.number().int(),
  groups: z.array(specificationGroupSchema),
  selected_template_ids: z.array(z.number().int()),
});
export type SpecificationsList = z.infer<typeof specificationsListSchema>;

/** A suggested (passive) specification: the "constants" sellers pick from. */
export const specTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: z.string().nullable(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
});
export type SpecTemplate = z.infer<typeof specTemplateSchema>;

export const levelsPendingSchema = z.object({
  pending: z.array(specTemplateSchema),
  selected: z.array(specificationSchema),
});

export const productIdQuerySchema = z.object({ product_id: productId });
export const levelsPendingBodySchema = z.object({ product_id: productId });

export const createSpecificationBodySchema = z.object({
  product_id: productId,
  group_id: z.coerce.number().int().positive().nullish(),
  name: specName,
  value: specValue,
  unit: specUnit,
});

export const specificationDeleteBodySchema = z.object({
  product_id: productId,
  id: z.coerce.number().int().positive(),
});

export const deleteSpecificationsBodySchema = z
  .object({
    product_id: productId,
    ids: z.array(z.coerce.number().int().positive()).max(SPEC_LIMITS.rows).optional(),
    group_id: z.coerce.number().int().positive().optional(),
  })
  .refine((body) => (body.ids?.length ?? 0) > 0 || body.group_id !== undefined, {
    message: SPEC_MESSAGES.nothingToDelete,
    path: ['ids'],
  });

export const termsCheckedBodySchema = z.object({
  product_id: productId,
  template_ids: z.array(z.coerce.number().int().positive()).max(SPEC_LIMITS.rows),
  group_id: z.coerce.number().int().positive().nullish(),
});

export const constantsListBodySchema = z.object({
  search: z.string().trim().max(80).optional(),
  category_id: z.coerce.number().int().positive().optional(),
});

export const suggestedByCategoryBodySchema = z.object({
  category_ids: z.array(z.coerce.number().int().positive()).max(10).default([]),
  product_id: z.coerce.number().int().positive().optional(),
});

export const levelsCreateBodySchema = z.object({
  product_id: productId,
  group_id: z.coerce.number().int().positive().nullish(),
  items: z.array(specificationInputSchema).min(1, SPEC_MESSAGES.nameRequired).max(SPEC_LIMITS.rows),
});

export const levelsCreateV2BodySchema = z.object({ product_id: productId, groups: specificationSheetSchema });

export const levelsRemoveBodySchema = z.object({ product_id: productId, id: z.coerce.number().int().positive() });

export const groupRenameBodySchema = z.object({
  product_id: productId,
  group_id: z.coerce.number().int().positive(),
  name: groupName,
});

export const levelGroupCreateBodySchema = z.object({ product_id: productId, name: groupName });
