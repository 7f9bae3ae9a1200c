#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/database.hpp"

namespace kesher::store {

struct StoryRow {
  int64_t id = 0;
  int64_t user_id = 0;
  std::string media_name;  // the upload's display rendition; empty for a persona's picture
  std::string url;         // a persona's picture; empty for an upload
  int64_t created_at = 0;
  int64_t expires_at = 0;
};

// One member with live stories, as the ring list shows them.
struct StoryRing {
  int64_t user_id = 0;
  int64_t newest_story_id = 0;
  int64_t count = 0;
  int64_t newest_at = 0;
};

namespace stories {

// The upload `media_name` of the member's own becomes a story; nullopt when it is not theirs.
std::optional<StoryRow> add_upload(Session& db, int64_t user_id, const std::string& media_name,
                                   int64_t now, int64_t expires_at);
StoryRow add_picture(Session& db, int64_t user_id, const std::string& url, int64_t now,
                     int64_t expires_at);
// False when it is not a live story of the member's.
bool remove(Session& db, int64_t user_id, int64_t story_id, int64_t now);
// The member's live stories, oldest first.
std::vector<StoryRow> live_of(Session& db, int64_t user_id, int64_t now);
std::optional<StoryRow> live(Session& db, int64_t story_id, int64_t now);
bool has_live(Session& db, int64_t user_id, int64_t now);
// Members with live stories that `viewer_id` may see (not blocked either way): the viewer first,
// then people of `gender`, newest story first.
std::vector<StoryRing> rings(Session& db, int64_t viewer_id, int gender, int64_t now,
                             int64_t offset, int64_t limit);

}  // namespace stories

}  // namespace kesher::store
