// The lazy chunk of LazyDrawer.
export { Drawer as default } from '@mantine/core';
