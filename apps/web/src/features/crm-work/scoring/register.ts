import { registerDetailSidePanel } from '../../crm/detail/detail-tabs.ts';
import { LeadScorePanel } from './LeadScorePanel.tsx';

registerDetailSidePanel('lead-score', LeadScorePanel);
