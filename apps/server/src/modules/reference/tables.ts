import { integer, pgTable, text } from 'drizzle-orm/pg-core';

export const currencies = pgTable('currencies', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
});

export const units = pgTable('units', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const priceTerms = pgTable('price_terms', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').$type<'price_term' | 'payment_term'>().notNull(),
});

export const territories = pgTable('territories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull(),
});

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** Two letters, except Montenegro's three (spec section 3). */
  code: text('code').notNull().unique(),
  iso2: text('iso2').notNull().unique(),
  region: integer('region')
    .notNull()
    .references(() => territories.id),
  countryCode: text('country_code').notNull(),
  flag: text('flag').notNull(),
});
