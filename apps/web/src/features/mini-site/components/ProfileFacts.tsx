import { Table } from '@mantine/core';
import type { CompanyProfile, MiniSite } from '@tradeloop/contracts/company-profile';

/** The toggled business types, or the company's type when the seller toggled none. */
export function businessTypeOf(site: MiniSite) {
  return site.profile.business_type.some((entry) => entry.toggle === 1)
    ? site.profile.business_type_name
    : site.company.business_type;
}

/** The registration address in lines (street, more, city region postcode, country), empty ones left out. */
export function registrationAddress(profile: CompanyProfile, country: string | null): string[] {
  return [
    profile.reg_street_address,
    profile.reg_additional_address,
    [profile.registration_city, profile.reg_region_state_province, profile.registration_postalcode]
      .filter(Boolean)
      .join(' '),
    country,
  ].filter(Boolean) as string[];
}

/** Labelled facts of the company; those without a value are left out. */
export function ProfileFacts({ facts, testId }: { facts: [string, string | null][]; testId?: string }) {
  const shown = facts.filter((fact): fact is [string, string] => Boolean(fact[1]));
  if (shown.length === 0) return null;
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="sm" maw={560} data-testid={testId}>
      <Table.Tbody>
        {shown.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th fw={500} c="dimmed" w={180}>
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
