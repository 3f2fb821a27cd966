import { registerDetailTab } from '../shared/detail-tabs.ts';
import { EngagementTab } from './EngagementTab.tsx';

registerDetailTab('engagement', EngagementTab);
