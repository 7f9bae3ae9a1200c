// /likesme (spec §2 "Likes me overlay").
import { LockedListPage, type LockedListConfig } from './LockedListPage';

const CONFIG: LockedListConfig = {
  kind: 'likesme',
  module: 'user/fans',
  seenModule: 'user/fans/seen',
  total: (totals) => totals.fans.total,
};

export default function LikesMePage() {
  return <LockedListPage config={CONFIG} />;
}
