/** The company a product belongs to and the user who saves it (null for generated data). */
export type Owner = { companyId: number; userId: number | null };
