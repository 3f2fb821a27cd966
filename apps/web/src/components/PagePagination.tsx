import { Group, Pagination } from '@mantine/core';

type PagePaginationProps = { page: { currentPage: number; lastPage: number }; onChange: (page: number) => void };

/** The pages of a paged answer, centred, each named "Page n"; nothing when there is one page. */
export function PagePagination({ page, onChange }: PagePaginationProps) {
  if (page.lastPage <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={page.lastPage}
        value={page.currentPage}
        onChange={onChange}
        getItemProps={(value) => ({ 'aria-label': `Page ${value}` })}
      />
    </Group>
  );
}
