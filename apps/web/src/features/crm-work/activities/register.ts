import { registerDetailTab } from '../../crm/detail/detail-tabs.ts';
import { CallsTab, MeetingsTab, TasksTab } from './components/ActivityTab.tsx';

registerDetailTab('tasks', TasksTab);
registerDetailTab('meetings', MeetingsTab);
registerDetailTab('calls', CallsTab);
