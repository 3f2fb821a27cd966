import type { PageQueries } from '../../app/page-data.ts';
import { socialProvidersQueryOptions } from './api/social-providers.ts';

/** Sign-in and sign-up show the social sign-in buttons the server offers from the first paint. */
export const authPageQueries: PageQueries = () => [socialProvidersQueryOptions()];
