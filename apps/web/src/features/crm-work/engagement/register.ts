import { registerDetailTab } from '../../crm/detail/detail-tabs.ts';
import { EngagementTab } from './EngagementTab.tsx';

registerDetailTab('engagement', EngagementTab);
