import type { ReactNode } from 'react';
import { Box, Container, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconShieldCheck } from '@tabler/icons-react';

type AuthLayoutProps = { title: string; subtitle: ReactNode; children: ReactNode };

const BENEFITS = [
  'Verified manufacturers, distributors and wholesalers in one directory',
  'Request quotes and compare offers without the e-mail chains',
  'Every enquiry lands in your sales CRM as a lead with its history',
];

/** Sign-in and sign-up: the form on a card, the product's promise beside it on wide screens. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <Container size="lg" py={{ base: 'xl', md: 64 }}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
        <Box visibleFrom="md">
          <Stack gap="lg">
            <Title order={2} fz={32} lh={1.2}>
              Where B2B buyers and sellers close the loop
            </Title>
            <Text c="dimmed" size="lg">
              Source with confidence, quote faster and keep every buyer conversation in one place.
            </Text>
            <List
              spacing="sm"
              icon={
                <ThemeIcon color="teal" size={22} radius="xl" aria-hidden>
                  <IconCircleCheck size={14} />
                </ThemeIcon>
              }
            >
              {BENEFITS.map((benefit) => (
                <List.Item key={benefit}>{benefit}</List.Item>
              ))}
            </List>
            <Group gap="xs" c="dimmed">
              <IconShieldCheck size={18} aria-hidden />
              <Text size="sm">Your data is encrypted in transit and never sold.</Text>
            </Group>
          </Stack>
        </Box>
        <Paper withBorder shadow="md" p={{ base: 'lg', sm: 32 }} maw={480} w="100%" mx="auto">
          <Stack gap={4} mb="lg">
            <Title order={1} fz={26}>
              {title}
            </Title>
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          </Stack>
          {children}
        </Paper>
      </SimpleGrid>
    </Container>
  );
}
