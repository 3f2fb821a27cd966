import { registerDetailSidePanel } from '../shared/detail-tabs.ts';
import { LeadScorePanel } from './LeadScorePanel.tsx';

registerDetailSidePanel('lead-score', LeadScorePanel);
