// /visitors (spec §2 "Visitors"): like Likes me, from user/visitors.
import { LockedListPage, type LockedListConfig } from './LockedListPage';

const CONFIG: LockedListConfig = {
  kind: 'visitors',
  module: 'user/visitors',
  seenModule: 'user/visitors/seen',
  total: (totals) => totals.visitors.total,
};

export default function VisitorsPage() {
  return <LockedListPage config={CONFIG} />;
}
