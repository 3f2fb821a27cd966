import { registerDetailSidePanel } from '../shared/detail-tabs.ts';
import { TagsPanel } from './TagsPanel.tsx';

/** The record page's Tags panel, in its side column. */
registerDetailSidePanel('tags', TagsPanel);
