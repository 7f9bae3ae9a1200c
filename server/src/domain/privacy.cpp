#include "domain/privacy.hpp"

namespace kesher::domain {

bool knows_identity(const Relation& relation, bool viewer_premium) {
  if (relation.blocked) return false;
  if (relation.conversation || relation.matched || relation.viewer_liked ||
      relation.viewer_visited) {
    return true;
  }
  return sees_fans_and_visitors(viewer_premium) &&
         (relation.liked_viewer || relation.visited_viewer);
}

}  // namespace kesher::domain
