/** Screens of the seller catalogue (spec section 2). */
export const CATALOG_PATHS = {
  list: '/products/List',
  create: '/products/create',
  edit: (id: number) => `/products/edit/${id}`,
} as const;
