import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEFAULT_SPEC_GROUP,
  SPEC_LIMITS,
  SPEC_MESSAGES,
  type Specification,
  type SpecificationInput,
  type SpecificationSheet,
  type SpecificationsList,
  type SpecTemplate,
  type createSpecificationBodySchema,
  type deleteSpecificationsBodySchema,
  type levelsCreateBodySchema,
  type termsCheckedBodySchema,
} from '@tradeloop/contracts/catalog-specs';
import type { Tx } from '../../db/client.ts';
import { invalid, notFound, requireAllFound, type FieldErrors } from '../../platform/errors.ts';
import { ownedProduct } from './product-access.ts';
import { productCategories, productSpecGroups, productSpecifications, products, specTemplates } from './tables.ts';
import { suggestedTemplates } from './taxonomy-service.ts';

type SpecRow = typeof productSpecifications.$inferSelect;
type GroupRow = typeof productSpecGroups.$inferSelect;

function toSpecification(row: SpecRow): Specification {
  return {
    id: row.id,
    group_id: row.groupId,
    template_id: row.templateId,
    type: row.type,
    name: row.name,
    value: row.value,
    unit: row.unit,
    position: row.position,
  };
}

async function templatesById(tx: Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, typeof specTemplates.$inferSelect>();
  const rows = await tx.select().from(specTemplates).where(inArray(specTemplates.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A passive row takes its name from its template; a row without a known template is custom. */
function rowFor(item: SpecificationInput, template: typeof specTemplates.$inferSelect | undefined) {
  if (!template)
    return { templateId: null, type: 'custom' as const, name: item.name, value: item.value, unit: item.unit };
  return {
    templateId: template.id,
    type: 'passive' as const,
    name: template.name,
    value: item.value,
    unit: item.unit ?? template.unit,
  };
}

async function touch(tx: Tx, productId: number) {
  await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
}

/** Replaces a product's whole sheet (product save, levels/createv2). Errors are keyed from `prefix`. */
export async function replaceSheet(tx: Tx, productId: number, sheet: SpecificationSheet, prefix = '') {
  const items = sheet.flatMap((group) => group.items);
  const templateIds = items.map((item) => item.template_id).filter((id): id is number => !!id);
  const templates = await templatesById(tx, templateIds);
  const errors: FieldErrors = {};
  sheet.forEach((group, g) =>
    group.items.forEach((item, i) => {
      if (item.template_id && !templates.has(item.template_id)) {
        errors[`${prefix}${g}.items.${i}.template_id`] = [SPEC_MESSAGES.unknownTemplate];
      }
    }),
  );
  if (Object.keys(errors).length) throw invalid(errors);
  await tx.delete(productSpecGroups).where(eq(productSpecGroups.productId, productId));
  if (sheet.length === 0) return;
  const groups = await tx
    .insert(productSpecGroups)
    .values(sheet.map((group, position) => ({ productId, name: group.name, position })))
    .returning({ id: productSpecGroups.id, position: productSpecGroups.position });
  const groupIds = new Map(groups.map((group) => [group.position, group.id]));
  const rows = sheet.flatMap((group, g) =>
    group.items.map((item, position) => ({
      productId,
      groupId: groupIds.get(g)!,
      position,
      ...rowFor(item, item.template_id ? templates.get(item.template_id) : undefined),
    })),
  );
  if (rows.length) await tx.insert(productSpecifications).values(rows);
}

export async function sheetOf(db: Tx, productId: number): Promise<SpecificationsList> {
  const groups = await db
    .select()
    .from(productSpecGroups)
    .where(eq(productSpecGroups.productId, productId))
    .orderBy(asc(productSpecGroups.position), asc(productSpecGroups.id));
  const rows = await db
    .select()
    .from(productSpecifications)
    .where(eq(productSpecifications.productId, productId))
    .orderBy(asc(productSpecifications.position), asc(productSpecifications.id));
  return {
    product_id: productId,
    groups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      position: group.position,
      items: rows.filter((row) => row.groupId === group.id).map(toSpecification),
    })),
    selected_template_ids: rows.map((row) => row.templateId).filter((id): id is number => id !== null),
  };
}

export async function listSpecifications(db: Tx, companyId: number, productId: number) {
  await ownedProduct(db, companyId, productId);
  return sheetOf(db, productId);
}

async function groupOf(tx: Tx, productId: number, groupId: number | null | undefined): Promise<GroupRow> {
  if (groupId) {
    const [group] = await tx
      .select()
      .from(productSpecGroups)
      .where(and(eq(productSpecGroups.id, groupId), eq(productSpecGroups.productId, productId)));
    if (!group) throw notFound();
    return group;
  }
  const [general] = await tx
    .select()
    .from(productSpecGroups)
    .where(
      and(
        eq(productSpecGroups.productId, productId),
        sql`lower(${productSpecGroups.name}) = lower(${DEFAULT_SPEC_GROUP})`,
      ),
    );
  if (general) return general;
  return createGroup(tx, productId, DEFAULT_SPEC_GROUP);
}

async function createGroup(tx: Tx, productId: number, name: string): Promise<GroupRow> {
  const existing = await tx.select().from(productSpecGroups).where(eq(productSpecGroups.productId, productId));
  if (existing.some((group) => group.name.toLowerCase() === name.toLowerCase())) {
    throw invalid({ name: [SPEC_MESSAGES.groupNameTaken] });
  }
  if (existing.length >= SPEC_LIMITS.groups) throw invalid({ name: [SPEC_MESSAGES.tooManyGroups] });
  const [group] = await tx.insert(productSpecGroups).values({ productId, name, position: existing.length }).returning();
  return group;
}

/** Adds rows at the end of a group; names must stay unique on the product. */
async function addRows(
  tx: Tx,
  productId: number,
  group: GroupRow,
  items: SpecificationInput[],
  errorKey: (index: number) => string,
): Promise<Specification[]> {
  const existing = await tx
    .select({ name: productSpecifications.name, groupId: productSpecifications.groupId })
    .from(productSpecifications)
    .where(eq(productSpecifications.productId, productId));
  if (existing.length + items.length > SPEC_LIMITS.rows) throw invalid({ [errorKey(0)]: [SPEC_MESSAGES.tooManyRows] });
  const templates = await templatesById(
    tx,
    items.map((item) => item.template_id).filter((id): id is number => !!id),
  );
  const taken = new Set(existing.map((row) => row.name.toLowerCase()));
  const errors: FieldErrors = {};
  const rows = items.map((item, index) => {
    if (item.template_id && !templates.has(item.template_id)) errors[errorKey(index)] = [SPEC_MESSAGES.unknownTemplate];
    const row = rowFor(item, item.template_id ? templates.get(item.template_id) : undefined);
    if (taken.has(row.name.toLowerCase())) errors[errorKey(index)] = [SPEC_MESSAGES.customNotUnique];
    taken.add(row.name.toLowerCase());
    return row;
  });
  if (Object.keys(errors).length) throw invalid(errors);
  const start = existing.filter((row) => row.groupId === group.id).length;
  const inserted = await tx
    .insert(productSpecifications)
    .values(rows.map((row, index) => ({ ...row, productId, groupId: group.id, position: start + index })))
    .returning();
  await touch(tx, productId);
  return inserted.map(toSpecification);
}

export async function createCustomSpecification(
  tx: Tx,
  companyId: number,
  body: z.infer<typeof createSpecificationBodySchema>,
) {
  await ownedProduct(tx, companyId, body.product_id, { forUpdate: true });
  const group = await groupOf(tx, body.product_id, body.group_id);
  const item = { template_id: null, type: 'custom' as const, name: body.name, value: body.value, unit: body.unit };
  const [row] = await addRows(tx, body.product_id, group, [item], () => 'name');
  return row;
}

export async function addLevels(tx: Tx, companyId: number, body: z.infer<typeof levelsCreateBodySchema>) {
  await ownedProduct(tx, companyId, body.product_id, { forUpdate: true });
  const group = await groupOf(tx, body.product_id, body.group_id);
  await addRows(tx, body.product_id, group, body.items, (index) => `items.${index}.name`);
  return sheetOf(tx, body.product_id);
}

export async function replaceLevels(tx: Tx, companyId: number, productId: number, sheet: SpecificationSheet) {
  await ownedProduct(tx, companyId, productId, { forUpdate: true });
  await replaceSheet(tx, productId, sheet, 'groups.');
  await touch(tx, productId);
  return sheetOf(tx, productId);
}

export async function deleteSpecification(tx: Tx, companyId: number, productId: number, id: number) {
  await ownedProduct(tx, companyId, productId, { forUpdate: true });
  const deleted = await tx
    .delete(productSpecifications)
    .where(and(eq(productSpecifications.id, id), eq(productSpecifications.productId, productId)))
    .returning({ id: productSpecifications.id });
  if (deleted.length === 0) throw notFound();
  await touch(tx, productId);
  return sheetOf(tx, productId);
}

export async function deleteSpecifications(
  tx: Tx,
  companyId: number,
  body: z.infer<typeof deleteSpecificationsBodySchema>,
) {
  await ownedProduct(tx, companyId, body.product_id, { forUpdate: true });
  if (body.group_id !== undefined) {
    const deleted = await tx
      .delete(productSpecGroups)
      .where(and(eq(productSpecGroups.id, body.group_id), eq(productSpecGroups.productId, body.product_id)))
      .returning({ id: productSpecGroups.id });
    if (deleted.length === 0) throw notFound();
  }
  if (body.ids?.length) {
    const deleted = await tx
      .delete(productSpecifications)
      .where(and(inArray(productSpecifications.id, body.ids), eq(productSpecifications.productId, body.product_id)))
      .returning({ id: productSpecifications.id });
    requireAllFound(
      body.ids,
      deleted.map((row) => row.id),
    );
  }
  await touch(tx, body.product_id);
  return sheetOf(tx, body.product_id);
}

/** The checked suggestions become the product's passive rows: new ones are added empty, unchecked ones go. */
export async function checkTerms(tx: Tx, companyId: number, body: z.infer<typeof termsCheckedBodySchema>) {
  await ownedProduct(tx, companyId, body.product_id, { forUpdate: true });
  const wanted = new Set(body.template_ids);
  const passive = await tx
    .select({ id: productSpecifications.id, templateId: productSpecifications.templateId })
    .from(productSpecifications)
    .where(and(eq(productSpecifications.productId, body.product_id), eq(productSpecifications.type, 'passive')));
  const unchecked = passive
    .filter((row) => row.templateId === null || !wanted.has(row.templateId))
    .map((row) => row.id);
  if (unchecked.length) await tx.delete(productSpecifications).where(inArray(productSpecifications.id, unchecked));
  const present = new Set(passive.map((row) => row.templateId));
  const added = [...wanted].filter((id) => !present.has(id));
  if (added.length) {
    const templates = await templatesById(tx, added);
    const unknown = added.findIndex((id) => !templates.has(id));
    if (unknown >= 0) throw invalid({ template_ids: [SPEC_MESSAGES.unknownTemplate] });
    const group = await groupOf(tx, body.product_id, body.group_id);
    const items = added.map((id) => ({
      template_id: id,
      type: 'passive' as const,
      name: templates.get(id)!.name,
      value: '',
      unit: templates.get(id)!.unit,
    }));
    await addRows(tx, body.product_id, group, items, () => 'template_ids');
  }
  await touch(tx, body.product_id);
  return sheetOf(tx, body.product_id);
}

export async function productCategoryIds(db: Tx, productId: number) {
  const rows = await db
    .select({ id: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, productId));
  return rows.map((row) => row.id);
}

export async function pendingLevels(
  db: Tx,
  companyId: number,
  productId: number,
): Promise<{ pending: SpecTemplate[]; selected: Specification[] }> {
  await ownedProduct(db, companyId, productId);
  const suggestions = await suggestedTemplates(db, await productCategoryIds(db, productId));
  const sheet = await sheetOf(db, productId);
  const selected = sheet.groups.flatMap((group) => group.items);
  const names = new Set(selected.map((row) => row.name.toLowerCase()));
  const chosen = new Set(sheet.selected_template_ids);
  return {
    pending: suggestions.filter((template) => !chosen.has(template.id) && !names.has(template.name.toLowerCase())),
    selected,
  };
}

export async function renameGroup(tx: Tx, companyId: number, productId: number, groupId: number, name: string) {
  await ownedProduct(tx, companyId, productId, { forUpdate: true });
  const group = await groupOf(tx, productId, groupId);
  const others = await tx.select().from(productSpecGroups).where(eq(productSpecGroups.productId, productId));
  if (others.some((other) => other.id !== group.id && other.name.toLowerCase() === name.toLowerCase())) {
    throw invalid({ name: [SPEC_MESSAGES.groupNameTaken] });
  }
  await tx.update(productSpecGroups).set({ name }).where(eq(productSpecGroups.id, group.id));
  await touch(tx, productId);
  return sheetOf(tx, productId);
}

export async function addGroup(tx: Tx, companyId: number, productId: number, name: string) {
  await ownedProduct(tx, companyId, productId, { forUpdate: true });
  await createGroup(tx, productId, name);
  await touch(tx, productId);
  return sheetOf(tx, productId);
}
