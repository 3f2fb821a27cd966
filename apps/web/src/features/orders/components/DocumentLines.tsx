import { Table, Text } from '@mantine/core';
import type { DocumentLine, DocumentTotals } from '@tradeloop/contracts/orders';
import { quantityText } from '../../../lib/format.ts';
import { amount } from '../format.ts';

/** A quotation's, order's or invoice's lines and totals, scrolling sideways on narrow screens. */
export function DocumentLines({
  lines,
  totals,
  caption,
}: {
  lines: DocumentLine[];
  totals: DocumentTotals;
  caption: string;
}) {
  const code = totals.currency;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table withTableBorder fz="sm" verticalSpacing={6} aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Unit price</Table.Th>
            <Table.Th ta="right">Discount</Table.Th>
            <Table.Th ta="right">Net</Table.Th>
            <Table.Th ta="right">Tax</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <Table.Tr key={index}>
              <Table.Td>{line.description}</Table.Td>
              <Table.Td ta="right">{quantityText(line.quantity, line.unit)}</Table.Td>
              <Table.Td ta="right">{amount(line.unit_price, code)}</Table.Td>
              <Table.Td ta="right">{line.discount_percent === '0' ? '—' : `${line.discount_percent}%`}</Table.Td>
              <Table.Td ta="right">{amount(line.net, code)}</Table.Td>
              <Table.Td ta="right">
                {line.tax_label === 'None' ? '—' : `${line.tax_label} ${line.tax_rate}%: ${amount(line.tax, code)}`}
              </Table.Td>
              <Table.Td ta="right">{amount(line.total, code)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={6} ta="right">
              Subtotal
            </Table.Th>
            <Table.Td ta="right">{amount(totals.subtotal, code)}</Table.Td>
          </Table.Tr>
          {totals.taxes.map((tax) => (
            <Table.Tr key={`${tax.label}-${tax.rate}`}>
              <Table.Th colSpan={6} ta="right" fw={400}>
                {tax.label} {tax.rate}% on {amount(tax.base, code)}
              </Table.Th>
              <Table.Td ta="right">{amount(tax.tax, code)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th colSpan={6} ta="right">
              Total
            </Table.Th>
            <Table.Td ta="right">
              <Text fw={800} size="sm" data-testid="document-total">
                {amount(totals.total, code)}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
