// /mylikes (spec §2 "My likes overlay"): merged by id, the newer entry replacing the older, newest
// first (spec §4).
import { mergeByIdNewest } from '../people/lists';
import { RowListPage, type RowListConfig } from './RowListPage';

const CONFIG: RowListConfig = {
  kind: 'mylikes',
  module: 'user/mylikes',
  target: 'mylikes',
  icon: 'heartOutline',
  merge: mergeByIdNewest,
  total: (totals) => totals.mylikes.total,
};

export default function MyLikesPage() {
  return <RowListPage config={CONFIG} />;
}
