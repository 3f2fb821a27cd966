import { registerDetailTab } from '../../crm/detail/detail-tabs.ts';
import { TimelineTab } from './TimelineTab.tsx';

registerDetailTab('timeline', TimelineTab);
