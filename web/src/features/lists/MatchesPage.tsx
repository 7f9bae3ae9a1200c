// /match: the matches list (user/matches), newest first.
import { mergeEntries } from './entries';
import { RowListPage, type RowListConfig } from './RowListPage';

const CONFIG: RowListConfig = {
  kind: 'matches',
  module: 'user/matches',
  target: 'matches',
  icon: 'sparkle',
  merge: mergeEntries,
  total: (totals) => totals.matches.total,
};

export default function MatchesPage() {
  return <RowListPage config={CONFIG} />;
}
