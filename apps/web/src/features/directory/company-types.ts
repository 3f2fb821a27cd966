import type { CompanyType } from '@tradeloop/contracts/auth';

/** One colour per seller company type, used on badges and avatars. */
export const COMPANY_TYPE_COLORS: Record<CompanyType, string> = {
  Manufacturers: 'brand',
  'Agents and Representatives': 'violet',
  Resellers: 'cyan',
  Distributors: 'teal',
  Retailers: 'accent',
  Wholesalers: 'grape',
  Others: 'gray',
};
