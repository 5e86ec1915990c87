// Moved to lib/activity-model.ts, where the public player and gang pages share it. This re-export
// stays only until features/admin/dashboard-sections.tsx imports describeActivity from there.
export { describeActivity } from '../../lib/activity-model.ts';
