import type { PageQueries } from '../../app/page-data.ts';
import { sitePageQueryOptions } from './api/site-pages.ts';

/** /page/{slug}: the page's text, in the served HTML. */
export const sitePageQueries: PageQueries = (_url, { params }) => [sitePageQueryOptions(params.slug ?? '')];
