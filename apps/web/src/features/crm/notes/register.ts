import { registerDetailTab } from '../shared/detail-tabs.ts';
import { NotesTab } from './NotesTab.tsx';

/** The record page's Notes tab. */
registerDetailTab('notes', NotesTab);
