import { z } from 'zod';

/** Product images, PDF catalogs and the CSV import and export (docs/decisions/008 and 009). */

export const IMAGE_RULES = {
  /** Spec section 5: an image check accepts .jpg, .jpeg, .png. */
  extensions: ['.png', '.jpg', '.jpeg'],
  accept: ['image/png', 'image/jpeg'],
  maxBytes: 8 * 1_048_576,
  /** Larger pictures are refused before decoding (a small file can hide a huge picture). */
  maxPixels: 50_000_000,
  /** Resized copies kept beside the original, all WebP: the longest side, or the square of a thumbnail. */
  sizes: { thumb: 200, card: 600, full: 1600 },
} as const;

export const CATALOG_FILE_RULES = {
  extensions: ['.pdf'],
  accept: ['application/pdf'],
  maxBytes: 20 * 1_048_576,
} as const;

export const IMPORT_RULES = {
  maxBytes: 20 * 1_048_576,
  maxRows: 10_000,
  extensions: ['.csv'],
  /** A running import that has saved no batch for this long was cut off. */
  stalledAfterMs: 5 * 60_000,
  /** Reports of imports are kept this long, then removed. */
  keepReportsDays: 30,
  /** The imports a seller's list shows. */
  listed: 20,
} as const;

export const FILE_MESSAGES = {
  // Spec section 5, verbatim.
  imageType: 'Please upload only PNG, JPEG and JPG',
  // Ours.
  imageTooLarge: 'Images must be at most 8 MB',
  imageTooManyPixels: 'This picture is too large; please upload one of at most 50 megapixels',
  fileRequired: 'Please choose a file',
  imageDeleted: 'Image deleted.',
  catalogType: 'Please upload a PDF catalog',
  catalogTooLarge: 'Catalogs must be at most 20 MB',
  catalogTitleTooLong: 'Titles must be at most 120 characters',
  catalogUploaded: 'Catalog uploaded.',
  catalogDeleted: 'Catalog deleted.',
  catalogRenamed: 'Catalog renamed.',
  catalogTitleRequired: 'Please enter the catalog title',
  csvType: 'Please upload a CSV file',
  csvTooLarge: 'CSV files must be at most 20 MB',
  csvTooManyRows: 'A CSV file can hold at most 10,000 products; please split it',
  csvEmpty: 'The file holds no products',
  csvHeader: 'The first row must be the header of the template; missing columns: ',
  csvUnreadable: 'This file cannot be read as CSV: ',
  rowNotSaved: 'This row could not be saved; please try it again',
  duplicateModelNumber: (row: number) => `This model number is already on row ${row} of the file`,
  duplicateName: (row: number) => `A product of this name without a model number is already on row ${row} of the file`,
  ambiguousModelNumber: 'Several of your products have this model number; make it unique, then import again',
  ambiguousName: 'Several of your products have this name and no model number; give this row a model number',
  importNotFound: 'This import was not found',
  templateName: 'tradeloop-products-template.csv',
} as const;

/** The import's answer message. */
export const importSummary = (created: number, updated: number, rejected: number) =>
  `${created} ${created === 1 ? 'product' : 'products'} created, ${updated} updated, ${rejected} ${rejected === 1 ? 'row' : 'rows'} rejected`;

export const productImageUploadSchema = z.object({
  id: z.number().int(),
  thumb: z.string(),
  card: z.string(),
  full: z.string(),
  original: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  original_name: z.string(),
});

export const imageDeleteBodySchema = z.object({ id: z.coerce.number().int().positive() });

export const catalogFileSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  file_name: z.string(),
  bytes: z.number().int(),
  url: z.string(),
  product_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  created_at: z.string(),
});
export type CatalogFile = z.infer<typeof catalogFileSchema>;

export const catalogListQuerySchema = z.object({ product_id: z.coerce.number().int().positive().optional() });
export const catalogIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
/** Spec section 7: POST product/catalog/{id} with _method DELETE. */
export const catalogDeleteBodySchema = z.object({ _method: z.literal('DELETE') });

/** PATCH product/catalog/{id}: a new title (the catalog page, issue 45). */
export const catalogRenameBodySchema = z.object({
  title: z
    .string({ error: FILE_MESSAGES.catalogTitleRequired })
    .trim()
    .min(1, FILE_MESSAGES.catalogTitleRequired)
    .max(120, FILE_MESSAGES.catalogTitleTooLong),
});

/** CSV columns, in the template's order (docs/decisions/009). Lists inside a cell are split by ; */
export const CSV_COLUMNS = [
  'name',
  'pre_title_name',
  'description',
  'model_number',
  'product_type',
  'status',
  'categories',
  'brand',
  'condition',
  'availability',
  'price_type',
  'price_tiers',
  'currency',
  'unit_price',
  'unit',
  'price_term',
  'nearest_seaport',
  'nearest_airport',
  'attributes',
  'specifications',
  'validity',
  'manufacturer_year',
  'dispatch_in',
  'dispatch_period',
  'stock_location',
  'country_of_origin',
  'current_stock',
  'territory',
  'origin_countries',
  'production_capacity',
  'production_days',
  'delivery_time',
  'delivery_period',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
/** Columns a file must have; the others may be left out. */
export const CSV_REQUIRED_COLUMNS = ['name', 'description', 'categories', 'brand', 'attributes'] as const;

/**
 * A row is saved as a new product (created) or over the company's product with the same key
 * (updated): its model number, or, for a row without one, its name among products without one
 * (docs/decisions/027). Importing a file again therefore updates instead of duplicating.
 */
export const IMPORT_STATUSES = ['created', 'updated', 'rejected'] as const;
export type ImportRowStatus = (typeof IMPORT_STATUSES)[number];
export const importRowSchema = z.object({
  /** The row's line in the file, counting the header as 1. */
  row: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  name: z.string(),
  model_number: z.string().nullable(),
  product_id: z.number().int().nullable(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/**
 * running: batches are still being saved, or the import was cut off (a crash) and no batch has
 * been saved for IMPORT_RULES.stalledAfterMs: then it reads interrupted. Its rows list exactly what
 * was saved (and what was rejected) either way.
 */
export const IMPORT_RUN_STATUSES = ['running', 'finished', 'interrupted'] as const;
export const importSummarySchema = z.object({
  import_id: z.number().int(),
  file_name: z.string(),
  status: z.enum(IMPORT_RUN_STATUSES),
  /** Rows in the file. */
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  rejected: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importReportSchema = importSummarySchema.extend({ rows: z.array(importRowSchema) });
export type ImportReport = z.infer<typeof importReportSchema>;
export const importIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const exportQuerySchema = z.object({ status: z.enum(['active', 'inactive', 'all']).default('all') });
