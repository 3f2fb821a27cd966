import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { CATALOG_MESSAGES } from '@tradeloop/contracts/catalog';
import { isApiError } from '../../../../lib/api-client.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useProposeBrand } from '../../api/taxonomy.ts';

export function ProposeBrandModal({
  opened,
  onClose,
  onProposed,
}: {
  opened: boolean;
  onClose: () => void;
  onProposed: (id: number) => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const propose = useProposeBrand();

  const handleSubmit = async () => {
    if (!name.trim()) {
      setError(CATALOG_MESSAGES.brandNameRequired);
      return;
    }
    try {
      const result = await propose.mutateAsync(name.trim());
      notifySuccess(result.message ?? CATALOG_MESSAGES.brandProposed, { autoClose: 5000 });
      onProposed(result.data.id);
      setName('');
      setError(null);
      onClose();
    } catch (failure) {
      setError(
        isApiError(failure) ? (failure.errors?.name?.[0] ?? failure.message) : CATALOG_MESSAGES.brandNameRequired,
      );
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Propose a brand">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            You can use the brand right away; it is listed for everyone once our team approves it.
          </Text>
          <TextInput
            label="Brand name"
            data-autofocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={propose.isPending}>
              Propose
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
