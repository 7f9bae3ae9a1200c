#include "store/stories.hpp"

#include "store/media.hpp"
#include "store/personas.hpp"

namespace kesher::store::stories {

namespace {

constexpr std::string_view kStoryColumns =
    "SELECT s.id, s.user_id, COALESCE(m.name, ''), COALESCE(s.url, ''), s.created_at, "
    "s.expires_at FROM stories s LEFT JOIN media m ON m.id = s.media_id";

StoryRow to_story(const Row& row) {
  return StoryRow{row.integer(0), row.integer(1), row.text(2),
                  row.text(3),    row.integer(4), row.integer(5)};
}

StoryRow inserted(Session& db, int64_t user_id, const Value& media_id, const Value& url,
                  int64_t now, int64_t expires_at) {
  const Value params[] = {user_id, media_id, url, now, expires_at};
  db.execute(
      "INSERT INTO stories (user_id, media_id, url, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
      params);
  int64_t id = db.last_insert_id();
  return to_story(*db.query_one(std::string(kStoryColumns) + " WHERE s.id = ?", {id}));
}

}  // namespace

std::optional<StoryRow> add_upload(Session& db, int64_t user_id, const std::string& media_name,
                                   int64_t now, int64_t expires_at) {
  auto upload = media::by_name(db, media_name);
  if (!upload || upload->owner_id != user_id) return std::nullopt;
  return inserted(db, user_id, upload->id, Value(), now, expires_at);
}

StoryRow add_picture(Session& db, int64_t user_id, const std::string& url, int64_t now,
                     int64_t expires_at) {
  return inserted(db, user_id, Value(), url, now, expires_at);
}

bool remove(Session& db, int64_t user_id, int64_t story_id, int64_t now) {
  return db.execute("DELETE FROM stories WHERE id = ? AND user_id = ? AND expires_at > ?",
                    {story_id, user_id, now}) > 0;
}

std::vector<StoryRow> live_of(Session& db, int64_t user_id, int64_t now) {
  std::vector<StoryRow> out;
  for (const auto& row : db.query(
           std::string(kStoryColumns) + " WHERE s.user_id = ? AND s.expires_at > ? ORDER BY s.id",
           {user_id, now})) {
    out.push_back(to_story(row));
  }
  return out;
}

std::optional<StoryRow> live(Session& db, int64_t story_id, int64_t now) {
  auto row = db.query_one(std::string(kStoryColumns) + " WHERE s.id = ? AND s.expires_at > ?",
                          {story_id, now});
  if (!row) return std::nullopt;
  return to_story(*row);
}

bool has_live(Session& db, int64_t user_id, int64_t now) {
  return db
      .query_one("SELECT 1 FROM stories WHERE user_id = ? AND expires_at > ? LIMIT 1",
                 {user_id, now})
      .has_value();
}

std::vector<StoryRing> rings(Session& db, int64_t viewer_id, int gender, int64_t now,
                             int64_t offset, int64_t limit) {
  static const std::string sql =
      std::string(
          "SELECT s.user_id, MAX(s.id), COUNT(*), MAX(s.created_at) AS newest FROM stories s"
          " JOIN users u ON u.id = s.user_id"
          " WHERE s.expires_at > ?2 AND (u.id = ?1 OR u.gender = ?3)") +
      std::string(personas::kListed) +
      " AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ?1 AND b.blocked_id = u.id)"
      " AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ?1)"
      " GROUP BY s.user_id ORDER BY s.user_id = ?1 DESC, newest DESC, s.user_id DESC"
      " LIMIT ?4 OFFSET ?5";
  std::vector<StoryRing> out;
  for (const auto& row : db.query(sql, {viewer_id, now, int64_t{gender}, limit, offset})) {
    out.push_back({row.integer(0), row.integer(1), row.integer(2), row.integer(3)});
  }
  return out;
}

}  // namespace kesher::store::stories
