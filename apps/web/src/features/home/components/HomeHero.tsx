import { Badge, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { COMPANY_TYPES } from '@tradeloop/contracts/auth-constants';
import { readDirectoryFilters, writeDirectoryFilters } from '../../directory/filters.ts';
import { SUPPLIERS_SECTION_ID } from '../../directory/components/SupplierDirectory.tsx';
import { SearchBox } from '../../market/components/SearchBox.tsx';
import { PATHS } from '../../../lib/paths.ts';

type HomeHeroProps = { productCount: number | null; supplierCount: number | null };

/** The home page's opening: what TradeLoop is, and a product search straight into the list. */
export function HomeHero({ productCount, supplierCount }: HomeHeroProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  const goToDirectory = (companyType: (typeof COMPANY_TYPES)[number]) => {
    const filters = { ...readDirectoryFilters(searchParams), page: 1, companyType };
    const search = writeDirectoryFilters(searchParams, filters).toString();
    void navigate({ search: search ? `?${search}` : '', hash: SUPPLIERS_SECTION_ID });
  };
  const searchProducts = (keyword: string) =>
    navigate(keyword ? `${PATHS.productList}?${new URLSearchParams({ q: keyword })}` : PATHS.productList);

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
          <Box maw={640}>
            <SearchBox keyword="" onSearch={(keyword) => void searchProducts(keyword)} />
          </Box>
          <Group gap={8} role="group" aria-label="Popular company types">
            <Text size="sm" c="brand.1">
              Suppliers by type:
            </Text>
            {COMPANY_TYPES.slice(0, 4).map((type) => (
              <Button
                key={type}
                size="compact-sm"
                variant="white"
                color="dark"
                radius="xl"
                onClick={() => goToDirectory(type)}
              >
                {type}
              </Button>
            ))}
          </Group>
          <Group gap="xl" mt="sm">
            <HeroStat value={productCount} label="products" />
            <HeroStat value={supplierCount} label="suppliers" />
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
