import { registerDetailTab } from '../shared/detail-tabs.ts';
import { FilesTab } from './FilesTab.tsx';

/** The record page's Files tab. */
registerDetailTab('files', FilesTab);
