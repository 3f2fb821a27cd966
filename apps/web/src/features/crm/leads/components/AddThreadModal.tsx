import { useState } from 'react';
import { Modal, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useForm } from '@mantine/form';
import { threadStoreBodySchema } from '@tradeloop/contracts/crm/leads';
import { showSubmitError, zodFormValidator } from '../../../../lib/form.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useProducts } from '../../../catalog/api/get-products.ts';
import { useAddThread } from '../api/threads.ts';
import { FormAlert, FormButtons } from './SettingsParts.tsx';

type AddThreadModalProps = { leadId: number; opened: boolean; onClose: () => void };

type FormValues = { thread_name: string; message: string; product_id: string | null; quantity: number | string };

const validate = zodFormValidator(threadStoreBodySchema.pick({ thread_name: true, message: true }));

/** A request that came some other way (phone, e-mail, a fair): a type_3 thread on the lead. */
export function AddThreadModal({ leadId, opened, onClose }: AddThreadModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add an entry" size="lg">
      {opened && <AddThreadForm leadId={leadId} onDone={onClose} />}
    </Modal>
  );
}

/** The form, made afresh each time the modal opens (it reads the company's products only then). */
function AddThreadForm({ leadId, onDone }: { leadId: number; onDone: () => void }) {
  const addThread = useAddThread();
  const [alert, setAlert] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 250);
  const products = useProducts({ page: 1, per_page: 50, status: 'all', sort: 'name', search: query || undefined });
  const form = useForm<FormValues>({
    initialValues: { thread_name: '', message: '', product_id: null, quantity: '' },
    validate,
  });

  const handleSubmit = form.onSubmit((values) => {
    setAlert(null);
    const quantity = typeof values.quantity === 'number' ? values.quantity : undefined;
    addThread.mutate(
      {
        leadId,
        body: {
          lead_id: leadId,
          thread_name: values.thread_name,
          message: values.message || undefined,
          product_id: values.product_id ? Number(values.product_id) : undefined,
          quantity: values.product_id ? quantity : undefined,
        },
      },
      {
        onSuccess: (result) => {
          notifySuccess(result.message ?? 'Entry added');
          onDone();
        },
        onError: (error) => showSubmitError(error, form, setAlert),
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <FormAlert message={alert} />
        <TextInput
          label="Title"
          placeholder="Phone call about 40 pumps"
          required
          data-autofocus
          {...form.getInputProps('thread_name')}
        />
        <Textarea label="What they asked for" autosize minRows={3} maxRows={8} {...form.getInputProps('message')} />
        <Select
          label="Product"
          placeholder="One of your products (optional)"
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          data={(products.data?.data ?? []).map((product) => ({ value: String(product.id), label: product.name }))}
          nothingFoundMessage={products.isFetching ? 'Searching…' : 'No product by that name'}
          {...form.getInputProps('product_id')}
        />
        {form.values.product_id && (
          <NumberInput label="Quantity" min={0} allowNegative={false} {...form.getInputProps('quantity')} />
        )}
        <FormButtons onCancel={onDone} label="Add entry" loading={addThread.isPending} />
      </Stack>
    </form>
  );
}
