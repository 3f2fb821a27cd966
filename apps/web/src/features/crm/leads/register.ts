import { registerDetailSidePanel, registerDetailTab } from '../shared/detail-tabs.ts';
import { LeadStatusPanel } from './components/LeadStatusPanel.tsx';
import { ThreadsTab } from './components/ThreadsTab.tsx';

registerDetailSidePanel('lead-status', LeadStatusPanel);
registerDetailTab('threads', ThreadsTab);
