import type { Tx } from '../../db/client.ts';
import { findPeople } from '../accounts/public.ts';

/** Who is on the other side of an enquiry or in a contact list: name, company, country, e-mail. */
export type Party = {
  user_id: number;
  name: string;
  user_type: string;
  company_name: string | null;
  company_type: string | null;
  country: string | null;
  email: string | null;
};

/**
 * The people behind a page of enquiries or contacts, in one query (accounts' findPeople). Deleted accounts keep their name; their e-mail is no longer shown.
 */
export async function partiesOf(db: Tx, userIds: number[]): Promise<Map<number, Party>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await findPeople(db, { ids });
  return new Map(
    rows.map((row) => [
      row.id,
      {
        user_id: row.id,
        name: row.name,
        user_type: row.userType,
        company_name: row.companyName,
        company_type: row.companyType,
        country: row.companyCountry ?? row.country,
        email: row.deletedAt ? null : row.email,
      },
    ]),
  );
}

export const unknownParty = (userId: number): Party => ({
  user_id: userId,
  name: 'Former member',
  user_type: 'others',
  company_name: null,
  company_type: null,
  country: null,
  email: null,
});
