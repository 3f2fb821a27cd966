import { Button, Container, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconClipboardList } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';

/**
 * /questionnaire: buying requests (issue 45). The spec names the area and sub-users may open it; until
 * posting a request is built, the page says what it will do and where to request quotes today.
 */
export function QuestionnairePage() {
  useDocumentTitle('Post a buying request · TradeLoop');
  return (
    <Container size="md" py="xl">
      <Paper withBorder p="xl" radius="lg">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
              <IconClipboardList size={26} />
            </ThemeIcon>
            <Title order={1} size="h2">
              Post a buying request
            </Title>
          </Group>
          <Text>
            Soon you will describe what you need here once, and TradeLoop will send it to the suppliers whose catalogue
            matches. Each of them receives it in their CRM and answers you on one page.
          </Text>
          <List spacing="xs">
            <List.Item>The product or category, the quantity and its unit</List.Item>
            <List.Item>Your target price and currency</List.Item>
            <List.Item>The destination country and port, and the date you need it by</List.Item>
            <List.Item>Your requirements in your own words, with attachments</List.Item>
          </List>
          <Text c="dimmed" size="sm">
            Until then, request quotes from the suppliers of any product.
          </Text>
          <Group>
            <Button component={Link} to={PATHS.productList}>
              Find products and request quotes
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
