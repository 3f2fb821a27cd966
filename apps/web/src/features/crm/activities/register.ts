import { registerDetailTab } from '../shared/detail-tabs.ts';
import { CallsTab, MeetingsTab, TasksTab } from './components/ActivityTab.tsx';

registerDetailTab('tasks', TasksTab);
registerDetailTab('meetings', MeetingsTab);
registerDetailTab('calls', CallsTab);
