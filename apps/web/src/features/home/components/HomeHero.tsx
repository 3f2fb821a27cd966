import { useState } from 'react';
import { Badge, Box, Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { COMPANY_TYPES } from '@tradeloop/contracts/auth-constants';
import { readDirectoryFilters, writeDirectoryFilters } from '../../directory/filters.ts';
import { SUPPLIERS_SECTION_ID } from '../../directory/components/SupplierDirectory.tsx';

type HomeHeroProps = { supplierCount: number | null };

/** The home page's opening: what TradeLoop is, and a search straight into the directory. */
export function HomeHero({ supplierCount }: HomeHeroProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [term, setTerm] = useState('');

  const goToDirectory = (patch: { search?: string | null; companyType?: (typeof COMPANY_TYPES)[number] | null }) => {
    const filters = { ...readDirectoryFilters(searchParams), page: 1, ...patch };
    const search = writeDirectoryFilters(searchParams, filters).toString();
    void navigate({ search: search ? `?${search}` : '', hash: SUPPLIERS_SECTION_ID });
  };

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    goToDirectory({ search: term.trim() || null });
  };

  return (
    <Box className="tl-hero" py={{ base: 48, md: 80 }}>
      <Container>
        <Stack gap="lg" maw={760}>
          <Badge color="accent" variant="filled" size="lg" radius="sm" style={{ alignSelf: 'flex-start' }}>
            B2B marketplace · Sales CRM
          </Badge>
          <Title order={1} c="white" fz={{ base: 32, sm: 44 }} lh={1.15}>
            Source from trusted suppliers. Sell to serious buyers.
          </Title>
          <Text c="brand.0" fz={{ base: 'md', sm: 'lg' }} maw={620}>
            TradeLoop connects manufacturers, distributors and wholesalers with business buyers, and turns every enquiry
            into a lead in the seller&apos;s CRM.
          </Text>
          <form onSubmit={handleSubmit} role="search" aria-label="Search suppliers">
            <Group gap="xs" wrap="nowrap" maw={640}>
              <TextInput
                aria-label="Search suppliers by company or city"
                placeholder="Search suppliers by company or city…"
                size="lg"
                radius="md"
                leftSection={<IconSearch size={18} aria-hidden />}
                value={term}
                onChange={(event) => setTerm(event.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <Button type="submit" size="lg" color="accent.6">
                Search
              </Button>
            </Group>
          </form>
          <Group gap={8} role="group" aria-label="Popular company types">
            <Text size="sm" c="brand.1">
              Popular:
            </Text>
            {COMPANY_TYPES.slice(0, 4).map((type) => (
              <Button
                key={type}
                size="compact-sm"
                variant="white"
                color="dark"
                radius="xl"
                onClick={() => goToDirectory({ companyType: type })}
              >
                {type}
              </Button>
            ))}
          </Group>
          <Group gap="xl" mt="sm">
            <HeroStat value={supplierCount} label="suppliers" />
            <HeroStat value={COMPANY_TYPES.length} label="company types" />
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}

function HeroStat({ value, label }: { value: number | null; label: string }) {
  return (
    <div>
      <Text fz={28} fw={800} c="white" lh={1}>
        {value === null ? '–' : value.toLocaleString('en')}
      </Text>
      <Text size="sm" c="brand.1">
        {label}
      </Text>
    </div>
  );
}
