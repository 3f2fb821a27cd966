import { registerDetailTab } from '../shared/detail-tabs.ts';
import { TimelineTab } from './TimelineTab.tsx';

registerDetailTab('timeline', TimelineTab);
