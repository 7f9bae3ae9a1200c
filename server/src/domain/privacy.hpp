#pragma once

namespace kesher::domain {

// How a viewer is related to another member, from the viewer's side. The store fills it from
// the social graph; nothing a client says goes into it.
struct Relation {
  bool blocked = false;         // either has blocked the other
  bool conversation = false;    // they have written to each other (the viewer's contacts)
  bool matched = false;         // they liked each other
  bool viewer_liked = false;    // the viewer liked the other (the viewer's likes)
  bool viewer_visited = false;  // the viewer opened the other's profile
  bool liked_viewer = false;    // the other liked the viewer: a fan
  bool visited_viewer = false;  // the other opened the viewer's profile
};

// Anyone's stories are a premium benefit (spec §6); one's own are always there.
constexpr bool sees_stories_of(bool viewer_premium, bool own) {
  return own || viewer_premium;
}

// Who liked you and who visited you is a premium benefit (spec §6).
constexpr bool sees_fans_and_visitors(bool viewer_premium) {
  return viewer_premium;
}

// Whether the viewer already knows who the other is, so that telling them something about the
// other by id (presence) gives nothing away: a conversation, a match, or the viewer's own like
// or visit does; being liked or visited does only with premium. A block ends everything.
bool knows_identity(const Relation& relation, bool viewer_premium);

// Whether blocks (either way) take fans and visitors out of the viewer's counts. Only for a
// viewer who sees who they are: for anyone else a count that moved on a block would name a fan
// (block someone, look at the count), so their counts keep every like and visit received.
constexpr bool fan_counts_follow_blocks(bool viewer_premium) {
  return sees_fans_and_visitors(viewer_premium);
}

}  // namespace kesher::domain
