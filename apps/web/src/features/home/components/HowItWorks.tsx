import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAddressBook, IconFileInvoice, IconSearch } from '@tabler/icons-react';

const STEPS = [
  {
    icon: IconSearch,
    title: 'Find the right supplier',
    text: 'Filter manufacturers, distributors and wholesalers by type and country.',
  },
  {
    icon: IconFileInvoice,
    title: 'Request a quote',
    text: 'Send one clear requirement and compare the answers side by side.',
  },
  {
    icon: IconAddressBook,
    title: 'Close the loop',
    text: 'Sellers get each enquiry as a CRM lead with its history, score and next step.',
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works">
      <Title order={2} id="how-it-works" size="h3" mb="md">
        How TradeLoop works
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {STEPS.map((step, index) => (
          <Card key={step.title}>
            <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
              <step.icon size={24} />
            </ThemeIcon>
            <Text fw={700} mt="md">
              {index + 1}. {step.title}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              {step.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
