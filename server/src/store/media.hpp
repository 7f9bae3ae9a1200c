#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/database.hpp"

namespace kesher::store {

// An upload: the names of its three renditions under <data>/media/u/ (media/uploads.hpp).
struct MediaRow {
  int64_t id = 0;
  int64_t owner_id = 0;
  std::string name;  // display size; the upload's link names this one
  std::string thumb_name;
  std::string blur_name;
  int width = 0;
  int height = 0;
  int64_t created_at = 0;
};

enum class MediaVariant { display, thumb, blur };

struct MediaFile {
  MediaRow media;
  MediaVariant variant = MediaVariant::display;
  bool profile_photo = false;  // currently on its owner's profile: public (docs/protocol.md)
};

struct ProfilePhoto {
  int64_t id = 0;
  std::string url;
  std::string thumb;  // the thumbnail, or the url itself for a persona's picture
  std::optional<int64_t> media_id;
};

enum class AddPhotoStatus { added, not_owner, already_added, slots_full };
struct AddPhotoOutcome {
  AddPhotoStatus status = AddPhotoStatus::added;
  int64_t photo_id = 0;
};

namespace media {

int64_t insert(Session& db, const MediaRow& row);
std::optional<MediaRow> by_name(Session& db, const std::string& name);
// Any rendition's file name (without ".jpg").
std::optional<MediaFile> find_file(Session& db, const std::string& file_name);

}  // namespace media

namespace photos {

// In slot order.
std::vector<ProfilePhoto> of_user(Session& db, int64_t user_id, int64_t offset = 0,
                                  int64_t limit = 100);
// One unit of work: the upload `media_name` of the member's own goes into the first free slot.
AddPhotoOutcome add_upload(Session& db, int64_t user_id, const std::string& media_name,
                           int64_t now);
// Removes one of the member's photos and moves the later ones up; false when it is not theirs.
bool remove(Session& db, int64_t user_id, int64_t photo_id);
std::optional<ProfilePhoto> find(Session& db, int64_t user_id, int64_t photo_id);

}  // namespace photos

}  // namespace kesher::store
