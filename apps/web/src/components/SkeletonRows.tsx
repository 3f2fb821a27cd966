import { Skeleton, Stack, type StackProps } from '@mantine/core';

/** A list's loading state: `count` bars of one height, laid out like the rows they stand for. */
export function SkeletonRows({ count, height, ...stack }: { count: number; height: number } & StackProps) {
  return (
    <Stack {...stack}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} h={height} />
      ))}
    </Stack>
  );
}
