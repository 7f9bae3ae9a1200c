#include "store/media.hpp"

#include "domain/catalog.hpp"
#include "domain/media_links.hpp"

namespace kesher::store {

namespace {

constexpr std::string_view kMediaColumns =
    "SELECT m.id, m.owner_id, m.name, m.thumb_name, m.blur_name, m.width, m.height, m.created_at";

MediaRow to_media(const Row& row) {
  MediaRow m;
  m.id = row.integer(0);
  m.owner_id = row.integer(1);
  m.name = row.text(2);
  m.thumb_name = row.text(3);
  m.blur_name = row.text(4);
  m.width = static_cast<int>(row.integer(5));
  m.height = static_cast<int>(row.integer(6));
  m.created_at = row.integer(7);
  return m;
}

constexpr std::string_view kPhotoColumns = "SELECT id, url, COALESCE(thumb_url, url), media_id";

ProfilePhoto to_photo(const Row& row) {
  ProfilePhoto p;
  p.id = row.integer(0);
  p.url = row.text(1);
  p.thumb = row.text(2);
  if (!row.is_null(3)) p.media_id = row.integer(3);
  return p;
}

}  // namespace

namespace media {

int64_t insert(Session& db, const MediaRow& row) {
  db.execute(
      "INSERT INTO media (owner_id, name, thumb_name, blur_name, width, height, created_at) "
      "VALUES (?, ?, ?, ?, ?, ?, ?)",
      {row.owner_id, row.name, row.thumb_name, row.blur_name, int64_t{row.width},
       int64_t{row.height}, row.created_at});
  return db.last_insert_id();
}

std::optional<MediaRow> by_name(Session& db, const std::string& name) {
  auto row = db.query_one(std::string(kMediaColumns) + " FROM media m WHERE m.name = ?", {name});
  if (!row) return std::nullopt;
  return to_media(*row);
}

std::optional<MediaFile> find_file(Session& db, const std::string& file_name) {
  // Each name column has its own unique index; the variant is the column that matched.
  static const std::string sql =
      std::string(kMediaColumns) +
      ", CASE ?1 WHEN m.name THEN 0 WHEN m.thumb_name THEN 1 ELSE 2 END,"
      " EXISTS (SELECT 1 FROM photos p WHERE p.media_id = m.id) FROM media m"
      " WHERE m.id = COALESCE((SELECT id FROM media WHERE name = ?1),"
      " (SELECT id FROM media WHERE thumb_name = ?1), (SELECT id FROM media WHERE blur_name = ?1))";
  auto row = db.query_one(sql, {file_name});
  if (!row) return std::nullopt;
  MediaFile file;
  file.media = to_media(*row);
  file.variant = static_cast<MediaVariant>(row->integer(8));
  file.profile_photo = row->integer(9) != 0;
  return file;
}

}  // namespace media

namespace photos {

std::vector<ProfilePhoto> of_user(Session& db, int64_t user_id, int64_t offset, int64_t limit) {
  std::vector<ProfilePhoto> out;
  for (const auto& row :
       db.query(std::string(kPhotoColumns) + " FROM photos WHERE user_id = ? ORDER BY position, id "
                                             "LIMIT ? OFFSET ?",
                {user_id, limit, offset})) {
    out.push_back(to_photo(row));
  }
  return out;
}

std::optional<ProfilePhoto> find(Session& db, int64_t user_id, int64_t photo_id) {
  auto row = db.query_one(std::string(kPhotoColumns) + " FROM photos WHERE id = ? AND user_id = ?",
                          {photo_id, user_id});
  if (!row) return std::nullopt;
  return to_photo(*row);
}

AddPhotoOutcome add_upload(Session& db, int64_t user_id, const std::string& media_name,
                           int64_t now) {
  auto upload = media::by_name(db, media_name);
  if (!upload || upload->owner_id != user_id) return {AddPhotoStatus::not_owner, 0};
  if (db.query_one("SELECT 1 FROM photos WHERE media_id = ?", {upload->id})) {
    return {AddPhotoStatus::already_added, 0};
  }
  int64_t count =
      db.query_one("SELECT COUNT(*) FROM photos WHERE user_id = ?", {user_id})->integer(0);
  if (count >= domain::kPhotoSlots) return {AddPhotoStatus::slots_full, 0};
  db.execute(
      "INSERT INTO photos (user_id, url, thumb_url, blur_url, media_id, position, created_at) "
      "VALUES (?1, ?2, ?3, ?4, ?5, (SELECT COALESCE(MAX(position), 0) + 1 FROM photos WHERE "
      "user_id = ?1), ?6)",
      {user_id, domain::upload_path(upload->name), domain::upload_path(upload->thumb_name),
       domain::upload_path(upload->blur_name), upload->id, now});
  return {AddPhotoStatus::added, db.last_insert_id()};
}

bool remove(Session& db, int64_t user_id, int64_t photo_id) {
  auto row =
      db.query_one("SELECT position FROM photos WHERE id = ? AND user_id = ?", {photo_id, user_id});
  if (!row) return false;
  db.execute("DELETE FROM photos WHERE id = ?", {photo_id});
  db.execute("UPDATE photos SET position = position - 1 WHERE user_id = ? AND position > ?",
             {user_id, row->integer(0)});
  return true;
}

}  // namespace photos

}  // namespace kesher::store
