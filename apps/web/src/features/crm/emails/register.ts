import { registerDetailTab } from '../shared/detail-tabs.ts';
import { EmailsTab } from './EmailsTab.tsx';

/** The record page's E-mails tab. */
registerDetailTab('emails', EmailsTab);
