import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { sellersQueryOptions } from '../../directory/api/get-sellers.ts';
import { SUPPLIERS_SECTION_ID, SupplierDirectory } from '../../directory/components/SupplierDirectory.tsx';
import { ALL_SUPPLIERS } from '../all-suppliers.ts';
import { HomeHero } from '../components/HomeHero.tsx';
import { HowItWorks } from '../components/HowItWorks.tsx';

export function HomePage() {
  useDocumentTitle('TradeLoop · B2B trade marketplace');
  const { token } = useSession();
  const everyone = useQuery(sellersQueryOptions(ALL_SUPPLIERS));

  return (
    <>
      <HomeHero supplierCount={everyone.data?.total ?? null} />
      <Container py={48}>
        <Stack gap={56}>
          <section id={SUPPLIERS_SECTION_ID} aria-labelledby="suppliers-title" style={{ scrollMarginTop: 80 }}>
            <Stack gap={4} mb="lg">
              <Title order={2} id="suppliers-title">
                Supplier directory
              </Title>
              <Text c="dimmed">Companies selling on TradeLoop, newest first.</Text>
            </Stack>
            <SupplierDirectory />
          </section>
          <HowItWorks />
          {!token && (
            <Paper p={{ base: 'lg', sm: 'xl' }} withBorder bg="brand.0">
              <Group justify="space-between" gap="lg">
                <div>
                  <Title order={2} size="h3">
                    Selling to businesses?
                  </Title>
                  <Text c="dimmed" mt={4} maw={560}>
                    List your company for free, receive quote requests and manage every buyer in the built-in CRM.
                  </Text>
                </div>
                <Button component={Link} to={PATHS.signup} size="md" rightSection={<IconArrowRight size={16} />}>
                  Start selling
                </Button>
              </Group>
            </Paper>
          )}
        </Stack>
      </Container>
    </>
  );
}
