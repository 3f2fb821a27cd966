import { registerDetailSidePanel, registerDetailTab } from '../crm/detail/detail-tabs.ts';
import { EmailsTab } from './emails/EmailsTab.tsx';
import { FilesTab } from './files/FilesTab.tsx';
import { NotesTab } from './notes/NotesTab.tsx';
import { TagsPanel } from './tags/TagsPanel.tsx';

/** The record page's Notes, Files and E-mails tabs, and its Tags panel. */
registerDetailTab('notes', NotesTab);
registerDetailTab('files', FilesTab);
registerDetailTab('emails', EmailsTab);
registerDetailSidePanel('tags', TagsPanel);
