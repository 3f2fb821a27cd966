import { registerDetailSidePanel, registerDetailTab } from '../../crm/detail/detail-tabs.ts';
import { LeadStatusPanel } from './components/LeadStatusPanel.tsx';
import { ThreadsTab } from './components/ThreadsTab.tsx';

registerDetailSidePanel('lead-status', LeadStatusPanel);
registerDetailTab('threads', ThreadsTab);
