import { COMPANY_TYPES } from '@tradeloop/contracts/auth';
import { AVAILABILITIES, CONDITIONS, MANUFACTURING_YEAR_MIN, PRICE_TYPES } from '@tradeloop/contracts/catalog';
import { PAGE_SIZES, PRICE_SLIDER } from '@tradeloop/contracts/common';
import {
  ANNUAL_REVENUE_BANDS,
  FILTER_KEYS,
  FILTER_TITLES,
  MARKET_SORT_LABELS,
  MARKET_SORTS,
  MEMBER_TYPES,
  PLAN_TYPES,
  type FilterKey,
  type FiltersResponse,
} from '@tradeloop/contracts/market';
import type { Db } from '../../db/client.ts';
import { categoryTree } from '../catalog/public.ts';
import { listCountries } from '../reference/public.ts';

type Definition = FiltersResponse['filters'][number];
type Option = Definition['options'][number];

const LABELS: Record<string, string> = {
  quantity: 'Price by quantity',
  fixed: 'Fixed price',
  in_stock: 'In stock',
  by_order: 'Made to order',
};
const plain = (values: readonly (string | number)[]): Option[] =>
  values.map((value) => ({ value, label: LABELS[String(value)] ?? String(value) }));

/** GET front/filters: the twelve filters of spec section 3, in order, all visible, with their options. */
export async function filterDefinitions(db: Db): Promise<FiltersResponse> {
  const tree = await categoryTree(db);
  const countries = await listCountries(db);
  const thisYear = new Date().getUTCFullYear();
  const years = Array.from({ length: thisYear - MANUFACTURING_YEAR_MIN + 1 }, (_, index) => thisYear - index);
  const options: Record<FilterKey, Option[]> = {
    categories: tree.rows
      .filter((row) => row.depth <= 1)
      .map((row) => ({ value: row.id, label: row.name, parent_id: row.parentId })),
    price_range: [],
    brand: [],
    business_type: plain(COMPANY_TYPES),
    annual_revenue: plain(ANNUAL_REVENUE_BANDS),
    condition: plain(CONDITIONS),
    price_type: plain(PRICE_TYPES),
    product_availability: plain(AVAILABILITIES),
    manufacturer_year: plain(years),
    member_type: plain(MEMBER_TYPES),
    search_by_country: countries.map((country) => ({ value: country.iso2, label: country.name })),
    plan_type: plain(PLAN_TYPES),
  };
  const type = (key: FilterKey): Definition['type'] =>
    key === 'categories' ? 'tree' : key === 'price_range' ? 'range' : 'checkbox';
  return {
    filters: FILTER_KEYS.map((key) => ({
      key,
      title: FILTER_TITLES[key],
      visible: true,
      type: type(key),
      options: options[key],
    })),
    price_range: { min: PRICE_SLIDER.min, max: PRICE_SLIDER.max },
    sorts: MARKET_SORTS.map((value) => ({ value, label: MARKET_SORT_LABELS[value] })),
    per_page: PAGE_SIZES.productList,
  };
}
