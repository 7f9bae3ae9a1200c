#include "store/social.hpp"

namespace kesher::store::social {

namespace {

// Every person query selects these columns, as seen by viewer ?1.
constexpr std::string_view kPersonColumns =
    "SELECT u.id, u.name, u.gender, u.birth_date, u.bio, u.place_id, COALESCE(u.cell_row, 0), "
    "COALESCE(u.cell_col, 0), u.premium, u.kind = 'persona', "
    "(SELECT p.url FROM photos p WHERE p.user_id = u.id ORDER BY p.position, p.id LIMIT 1), "
    "(SELECT COUNT(*) FROM photos p WHERE p.user_id = u.id), "
    "EXISTS (SELECT 1 FROM swipes s WHERE s.swiper_id = ?1 AND s.swiped_id = u.id AND s.liked = "
    "1), "
    "EXISTS (SELECT 1 FROM matches m WHERE m.user_id = ?1 AND m.other_id = u.id)";

// Neither has blocked the other (brief §6: a blocked pair never see each other anywhere).
constexpr std::string_view kNotBlocked =
    " AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ?1 AND b.blocked_id = u.id)"
    " AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ?1)";

PersonRow to_person(const Row& row, size_t extra_time_column = 0) {
  PersonRow p;
  p.id = row.integer(0);
  p.name = row.text(1);
  p.gender = static_cast<int>(row.integer(2));
  p.birth_date = row.text(3);
  p.bio = row.text(4);
  p.place_id = row.integer(5);
  p.cell = {static_cast<int32_t>(row.integer(6)), static_cast<int32_t>(row.integer(7))};
  p.premium = row.integer(8) != 0;
  p.persona = row.integer(9) != 0;
  p.photo = row.is_null(10) ? std::string() : row.text(10);
  p.photos_count = row.integer(11);
  p.liked = row.integer(12) != 0;
  p.matched = row.integer(13) != 0;
  if (extra_time_column) p.time = row.integer(extra_time_column);
  return p;
}

std::vector<PersonRow> to_people(const std::vector<Row>& rows, size_t time_column = 0) {
  std::vector<PersonRow> people;
  people.reserve(rows.size());
  for (const auto& row : rows) people.push_back(to_person(row, time_column));
  return people;
}

// "(cell_row = ?a AND cell_col BETWEEN ?b AND ?c) OR …" for the search's spans, appending the
// values to `params`. The text depends only on the number of spans, never on input.
std::string spans_condition(const std::vector<domain::CellSpan>& spans, std::vector<Value>& params,
                            std::string_view table = "u") {
  if (spans.empty()) return "0";
  const std::string prefix(table);
  std::string sql = "(";
  for (size_t i = 0; i < spans.size(); ++i) {
    size_t n = params.size() + 1;
    if (i) sql += " OR ";
    sql += "(" + prefix + ".cell_row = ?" + std::to_string(n) + " AND " + prefix +
           ".cell_col BETWEEN ?" + std::to_string(n + 1) + " AND ?" + std::to_string(n + 2) + ")";
    params.emplace_back(int64_t{spans[i].row});
    params.emplace_back(int64_t{spans[i].first_col});
    params.emplace_back(int64_t{spans[i].last_col});
  }
  return sql + ")";
}

// Parameters ?1 viewer, ?2 gender, ?3 born_from, ?4 born_to.
std::vector<Value> search_params(const Search& search) {
  return {search.viewer_id, int64_t{search.gender}, search.born_from, search.born_to};
}

constexpr std::string_view kSearchFilter =
    " WHERE u.gender = ?2 AND u.birth_date BETWEEN ?3 AND ?4 AND u.id <> ?1";

}  // namespace

std::vector<PersonRow> deck_candidates(Session& db, const Search& search,
                                       const domain::CellSpan& span, int64_t limit) {
  static const std::string sql =
      std::string(kPersonColumns) + " FROM users u" + std::string(kSearchFilter) +
      " AND u.cell_row = ?5 AND u.cell_col BETWEEN ?6 AND ?7"
      " AND NOT EXISTS (SELECT 1 FROM swipes s WHERE s.swiper_id = ?1 AND s.swiped_id = u.id)" +
      std::string(kNotBlocked) + " LIMIT ?8";
  auto params = search_params(search);
  params.insert(params.end(),
                {int64_t{span.row}, int64_t{span.first_col}, int64_t{span.last_col}, limit});
  return to_people(db.query(sql, std::span<const Value>(params)));
}

std::vector<PersonRow> meet_page(Session& db, const Search& search, int64_t offset, int64_t limit) {
  auto params = search_params(search);
  std::string sql = std::string(kPersonColumns) + " FROM users u" + std::string(kSearchFilter) +
                    " AND " + spans_condition(search.spans, params) + std::string(kNotBlocked);
  size_t n = params.size() + 1;
  sql += " ORDER BY u.id DESC LIMIT ?" + std::to_string(n) + " OFFSET ?" + std::to_string(n + 1);
  params.emplace_back(limit);
  params.emplace_back(offset);
  return to_people(db.query(sql, std::span<const Value>(params)));
}

std::vector<PersonRow> popular_page(Session& db, const Search& search, int64_t offset,
                                    int64_t limit) {
  // Ranked people first, in the order the popularity job wrote; people who joined since the last
  // run follow, newest first, so nobody is missing for up to a minute.
  auto params = search_params(search);
  std::string filter =
      " AND " + spans_condition(search.spans, params, "po") + std::string(kNotBlocked);
  size_t n = params.size() + 1;
  std::string ranked = std::string(kPersonColumns) +
                       " FROM popular_order po JOIN users u ON u.id = po.user_id"
                       " WHERE po.gender = ?2 AND po.birth_date BETWEEN ?3 AND ?4 AND "
                       "po.user_id <> ?1" +
                       filter + " ORDER BY po.rank LIMIT ?" + std::to_string(n) + " OFFSET ?" +
                       std::to_string(n + 1);
  auto ranked_params = params;
  ranked_params.emplace_back(limit);
  ranked_params.emplace_back(offset);
  auto people = to_people(db.query(ranked, std::span<const Value>(ranked_params)));
  if (static_cast<int64_t>(people.size()) == limit) return people;

  std::string count =
      "SELECT COUNT(*) FROM popular_order po JOIN users u ON u.id = po.user_id"
      " WHERE po.gender = ?2 AND po.birth_date BETWEEN ?3 AND ?4 AND "
      "po.user_id <> ?1" +
      filter;
  int64_t ranked_total = db.query(count, std::span<const Value>(params)).front().integer(0);
  auto newcomer_params = search_params(search);
  std::string newcomers =
      std::string(kPersonColumns) + " FROM users u" + std::string(kSearchFilter) + " AND " +
      spans_condition(search.spans, newcomer_params) + std::string(kNotBlocked) +
      " AND NOT EXISTS (SELECT 1 FROM popular_order po WHERE po.user_id = u.id)";
  size_t m = newcomer_params.size() + 1;
  newcomers +=
      " ORDER BY u.id DESC LIMIT ?" + std::to_string(m) + " OFFSET ?" + std::to_string(m + 1);
  newcomer_params.emplace_back(limit - static_cast<int64_t>(people.size()));
  newcomer_params.emplace_back(std::max<int64_t>(0, offset - ranked_total));
  for (auto& person : to_people(db.query(newcomers, std::span<const Value>(newcomer_params)))) {
    people.push_back(std::move(person));
  }
  return people;
}

std::vector<PersonRow> spotlight(Session& db, int64_t viewer_id, int gender, int64_t limit) {
  static const std::string sql =
      std::string(kPersonColumns) +
      " FROM popularity pop JOIN users u ON u.id = pop.user_id WHERE u.gender = ?2 AND u.id <> ?1"
      " AND EXISTS (SELECT 1 FROM photos p WHERE p.user_id = u.id)" +
      std::string(kNotBlocked) + " ORDER BY pop.score DESC, u.id DESC LIMIT ?3";
  auto people = to_people(db.query(sql, {viewer_id, int64_t{gender}, limit}));
  if (static_cast<int64_t>(people.size()) >= limit) return people;
  // Before anyone has been liked, the newest people with a photo fill the strip.
  static const std::string fill = std::string(kPersonColumns) +
                                  " FROM users u WHERE u.gender = ?2 AND u.id <> ?1"
                                  " AND EXISTS (SELECT 1 FROM photos p WHERE p.user_id = u.id)" +
                                  std::string(kNotBlocked) + " ORDER BY u.id DESC LIMIT ?3";
  for (auto& extra : to_people(db.query(fill, {viewer_id, int64_t{gender}, limit}))) {
    if (static_cast<int64_t>(people.size()) >= limit) break;
    bool known = false;
    for (const auto& p : people) known = known || p.id == extra.id;
    if (!known) people.push_back(std::move(extra));
  }
  return people;
}

std::optional<PersonRow> person(Session& db, int64_t viewer_id, int64_t id) {
  static const std::string sql =
      std::string(kPersonColumns) + " FROM users u WHERE u.id = ?2" + std::string(kNotBlocked);
  auto rows = db.query(sql, {viewer_id, id});
  if (rows.empty()) return std::nullopt;
  return to_person(rows.front());
}

std::vector<PersonRow> list_page(Session& db, PeopleList list, int64_t viewer_id, int64_t offset,
                                 int64_t limit) {
  // Each list joins its own table; the person columns and the block filter are shared.
  static const std::string mylikes =
      std::string(kPersonColumns) +
      ", s2.created_at FROM swipes s2 JOIN users u ON u.id = s2.swiped_id"
      " WHERE s2.swiper_id = ?1 AND s2.liked = 1" +
      std::string(kNotBlocked) + " ORDER BY s2.created_at DESC, u.id DESC LIMIT ?2 OFFSET ?3";
  static const std::string fans =
      std::string(kPersonColumns) +
      ", s2.created_at FROM swipes s2 JOIN users u ON u.id = s2.swiper_id"
      " WHERE s2.swiped_id = ?1 AND s2.liked = 1" +
      std::string(kNotBlocked) + " ORDER BY s2.created_at DESC, u.id DESC LIMIT ?2 OFFSET ?3";
  static const std::string matches =
      std::string(kPersonColumns) +
      ", m2.created_at FROM matches m2 JOIN users u ON u.id = m2.other_id"
      " WHERE m2.user_id = ?1" +
      std::string(kNotBlocked) + " ORDER BY m2.created_at DESC, u.id DESC LIMIT ?2 OFFSET ?3";
  static const std::string visitors =
      std::string(kPersonColumns) +
      ", v.last_at FROM visits v JOIN users u ON u.id = v.visitor_id"
      " WHERE v.visited_id = ?1" +
      std::string(kNotBlocked) + " ORDER BY v.last_at DESC, u.id DESC LIMIT ?2 OFFSET ?3";
  const std::string* sql = &mylikes;
  switch (list) {
    case PeopleList::mylikes:
      break;
    case PeopleList::fans:
      sql = &fans;
      break;
    case PeopleList::matches:
      sql = &matches;
      break;
    case PeopleList::visitors:
      sql = &visitors;
      break;
  }
  return to_people(db.query(*sql, {viewer_id, limit, offset}), 14);
}

int64_t anonymous_page_size(Session& db, PeopleList list, int64_t viewer_id, int64_t offset,
                            int64_t limit) {
  static const std::string fans =
      "SELECT COUNT(*) FROM (SELECT 1 FROM swipes WHERE swiped_id = ?1 AND liked = 1 LIMIT ?2 "
      "OFFSET ?3)";
  static const std::string visitors =
      "SELECT COUNT(*) FROM (SELECT 1 FROM visits WHERE visited_id = ?1 LIMIT ?2 OFFSET ?3)";
  if (list != PeopleList::fans && list != PeopleList::visitors) {
    throw StoreError("only fans and visitors are ever anonymous");
  }
  const std::string& sql = list == PeopleList::fans ? fans : visitors;
  return db.query_one(sql, {viewer_id, limit, offset})->integer(0);
}

std::vector<Photo> photos(Session& db, int64_t user_id, int64_t offset, int64_t limit) {
  std::vector<Photo> out;
  for (const auto& row : db.query(
           "SELECT id, url FROM photos WHERE user_id = ? ORDER BY position, id LIMIT ? OFFSET ?",
           {user_id, limit, offset})) {
    out.push_back({row.integer(0), row.text(1)});
  }
  return out;
}

void add_photo(Session& db, int64_t user_id, const std::string& url, int64_t now) {
  db.execute(
      "INSERT INTO photos (user_id, url, position, created_at) VALUES (?1, ?2, (SELECT "
      "COALESCE(MAX(position), 0) + 1 FROM photos WHERE user_id = ?1), ?3)",
      {user_id, url, now});
}

bool blocked_between(Session& db, int64_t a, int64_t b) {
  return db
      .query_one(
          "SELECT 1 FROM blocks WHERE (blocker_id = ?1 AND blocked_id = ?2) OR (blocker_id = ?2 "
          "AND blocked_id = ?1)",
          {a, b})
      .has_value();
}

void block(Session& db, int64_t blocker, int64_t blocked, int64_t now) {
  db.execute("INSERT OR IGNORE INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)",
             {blocker, blocked, now});
}

void unblock(Session& db, int64_t blocker, int64_t blocked) {
  db.execute("DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?", {blocker, blocked});
}

std::vector<PersonRow> blocked_by(Session& db, int64_t blocker) {
  // The block filter would hide exactly these people, so this one query goes without it.
  static const std::string sql = std::string(kPersonColumns) +
                                 ", b2.created_at FROM blocks b2 JOIN users u ON u.id = "
                                 "b2.blocked_id WHERE b2.blocker_id = ?1 ORDER BY b2.created_at "
                                 "DESC";
  return to_people(db.query(sql, {blocker}), 14);
}

void record_visit(Session& db, int64_t visitor, int64_t visited, int64_t now) {
  db.execute(
      "INSERT INTO visits (visitor_id, visited_id, first_at, last_at) VALUES (?1, ?2, ?3, ?3) "
      "ON CONFLICT (visitor_id, visited_id) DO UPDATE SET last_at = ?3, count = count + 1",
      {visitor, visited, now});
}

void add_report(Session& db, int64_t reporter, int64_t reported, const std::string& reason,
                int64_t now) {
  db.execute(
      "INSERT INTO reports (reporter_id, reported_id, reason, created_at) VALUES (?, ?, ?, ?)",
      {reporter, reported, reason, now});
}

int64_t likes_since(Session& db, int64_t swiper, int64_t since) {
  return db
      .query_one(
          "SELECT COUNT(*) FROM swipes WHERE swiper_id = ? AND liked = 1 AND created_at >= ?",
          {swiper, since})
      ->integer(0);
}

std::optional<int> swipe_of(Session& db, int64_t swiper, int64_t swiped) {
  auto row = db.query_one("SELECT liked FROM swipes WHERE swiper_id = ? AND swiped_id = ?",
                          {swiper, swiped});
  if (!row) return std::nullopt;
  return static_cast<int>(row->integer(0));
}

void put_swipe(Session& db, int64_t swiper, int64_t swiped, bool liked, int64_t now) {
  db.execute(
      "INSERT INTO swipes (swiper_id, swiped_id, liked, created_at) VALUES (?1, ?2, ?3, ?4) "
      "ON CONFLICT (swiper_id, swiped_id) DO UPDATE SET liked = ?3, created_at = ?4",
      {swiper, swiped, int64_t{liked ? 1 : 0}, now});
}

bool create_match(Session& db, int64_t a, int64_t b, int64_t now) {
  int64_t created = db.execute(
      "INSERT OR IGNORE INTO matches (user_id, other_id, created_at) VALUES (?1, ?2, ?3), (?2, "
      "?1, ?3)",
      {a, b, now});
  return created > 0;
}

bool matched(Session& db, int64_t a, int64_t b) {
  return db.query_one("SELECT 1 FROM matches WHERE user_id = ? AND other_id = ?", {a, b})
      .has_value();
}

Totals totals(Session& db, int64_t user_id, bool fans_follow_blocks) {
  static const std::string blocked_other =
      " AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ?1 AND b.blocked_id = %)"
      " AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = % AND b.blocked_id = ?1)";
  auto visible = [](std::string column) {
    std::string filter = blocked_other;
    for (size_t at; (at = filter.find('%')) != std::string::npos;) filter.replace(at, 1, column);
    return filter;
  };
  auto query = [&](bool fan_blocks) {
    auto received = [&](std::string column) { return fan_blocks ? visible(column) : ""; };
    return "SELECT "
           "(SELECT COUNT(*) FROM visits v WHERE v.visited_id = ?1" +
           received("v.visitor_id") +
           "), "
           "(SELECT COUNT(*) FROM swipes s WHERE s.swiper_id = ?1 AND s.liked = 1" +
           visible("s.swiped_id") +
           "), "
           "(SELECT COUNT(*) FROM swipes s WHERE s.swiped_id = ?1 AND s.liked = 1" +
           received("s.swiper_id") +
           "), "
           "(SELECT COUNT(*) FROM matches m WHERE m.user_id = ?1" +
           visible("m.other_id") +
           "), "
           "(SELECT COUNT(*) FROM swipes s WHERE s.swiped_id = ?1 AND s.liked = 1 AND "
           "s.created_at > (SELECT fans_seen_at FROM users WHERE id = ?1)" +
           received("s.swiper_id") +
           "), "
           "(SELECT COUNT(*) FROM visits v WHERE v.visited_id = ?1 AND v.last_at > (SELECT "
           "visits_seen_at FROM users WHERE id = ?1)" +
           received("v.visitor_id") + ")";
  };
  static const std::string following = query(true);
  static const std::string keeping = query(false);
  auto row = db.query_one(fans_follow_blocks ? following : keeping, {user_id});
  return {row->integer(0), row->integer(1), row->integer(2),
          row->integer(3), row->integer(4), row->integer(5)};
}

void mark_fans_seen(Session& db, int64_t user_id, int64_t now) {
  db.execute("UPDATE users SET fans_seen_at = ? WHERE id = ?", {now, user_id});
}

void mark_visits_seen(Session& db, int64_t user_id, int64_t now) {
  db.execute("UPDATE users SET visits_seen_at = ? WHERE id = ?", {now, user_id});
}

std::vector<RelatedPerson> related_people(Session& db, int64_t user_id) {
  // Each flag is the relation as the other person (r.other) sees the user (?1).
  static const std::string sql =
      "SELECT r.other, u.premium,"
      " EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ?1 AND b.blocked_id = r.other)"
      "  OR (b.blocker_id = r.other AND b.blocked_id = ?1)),"
      " EXISTS (SELECT 1 FROM conversations c WHERE c.user_id = r.other AND c.other_id = ?1),"
      " EXISTS (SELECT 1 FROM matches m WHERE m.user_id = r.other AND m.other_id = ?1),"
      " EXISTS (SELECT 1 FROM swipes s WHERE s.swiper_id = r.other AND s.swiped_id = ?1"
      "  AND s.liked = 1),"
      " EXISTS (SELECT 1 FROM visits v WHERE v.visitor_id = r.other AND v.visited_id = ?1),"
      " EXISTS (SELECT 1 FROM swipes s WHERE s.swiper_id = ?1 AND s.swiped_id = r.other"
      "  AND s.liked = 1),"
      " EXISTS (SELECT 1 FROM visits v WHERE v.visitor_id = ?1 AND v.visited_id = r.other)"
      " FROM ("
      " SELECT other_id AS other FROM matches WHERE user_id = ?1"
      " UNION SELECT other_id FROM conversations WHERE user_id = ?1"
      " UNION SELECT swiped_id FROM swipes WHERE swiper_id = ?1 AND liked = 1"
      " UNION SELECT swiper_id FROM swipes WHERE swiped_id = ?1 AND liked = 1"
      " UNION SELECT visited_id FROM visits WHERE visitor_id = ?1"
      " UNION SELECT visitor_id FROM visits WHERE visited_id = ?1) r"
      " JOIN users u ON u.id = r.other";
  std::vector<RelatedPerson> people;
  for (const auto& row : db.query(sql, {user_id})) {
    RelatedPerson person;
    person.id = row.integer(0);
    person.premium = row.integer(1) != 0;
    person.relation.blocked = row.integer(2) != 0;
    person.relation.conversation = row.integer(3) != 0;
    person.relation.matched = row.integer(4) != 0;
    person.relation.viewer_liked = row.integer(5) != 0;
    person.relation.viewer_visited = row.integer(6) != 0;
    person.relation.liked_viewer = row.integer(7) != 0;
    person.relation.visited_viewer = row.integer(8) != 0;
    people.push_back(person);
  }
  return people;
}

PersonaSettings persona_settings(Session& db, int64_t user_id) {
  auto row = db.query_one(
      "SELECT kind = 'persona', likes_back_percent, like_back_delay_s FROM users WHERE id = ?",
      {user_id});
  if (!row) return {};
  return {row->integer(0) != 0, static_cast<int>(row->integer(1)),
          static_cast<int>(row->integer(2))};
}

void schedule_like_back(Session& db, int64_t persona, int64_t member, int64_t due_at) {
  db.execute(
      "INSERT OR IGNORE INTO pending_like_backs (persona_id, member_id, due_at) VALUES (?, ?, ?)",
      {persona, member, due_at});
}

std::vector<DueLikeBack> due_like_backs(Session& db, int64_t now, int64_t limit) {
  std::vector<DueLikeBack> due;
  for (const auto& row : db.query(
           "SELECT persona_id, member_id FROM pending_like_backs WHERE due_at <= ? ORDER BY due_at "
           "LIMIT ?",
           {now, limit})) {
    due.push_back({row.integer(0), row.integer(1)});
  }
  return due;
}

void drop_like_back(Session& db, int64_t persona, int64_t member) {
  db.execute("DELETE FROM pending_like_backs WHERE persona_id = ? AND member_id = ?",
             {persona, member});
}

std::vector<RecentLike> likes_after(Session& db, int64_t since) {
  std::vector<RecentLike> likes;
  for (const auto& row :
       db.query("SELECT swiped_id, created_at FROM swipes WHERE liked = 1 AND created_at > ?",
                {since})) {
    likes.push_back({row.integer(0), row.integer(1)});
  }
  return likes;
}

void replace_popularity(Session& db, const std::vector<std::pair<int64_t, double>>& scores) {
  db.execute("DELETE FROM popularity");
  for (const auto& [user_id, score] : scores) {
    db.execute("INSERT INTO popularity (user_id, score) VALUES (?, ?)", {user_id, score});
  }
  // Ranks follow insertion order: by score, then newest first.
  db.execute("DELETE FROM popular_order");
  db.execute(
      "INSERT INTO popular_order (user_id, gender, birth_date, cell_row, cell_col) "
      "SELECT u.id, u.gender, u.birth_date, u.cell_row, u.cell_col FROM users u "
      "LEFT JOIN popularity p ON p.user_id = u.id ORDER BY COALESCE(p.score, 0) DESC, u.id DESC");
}

void set_cell(Session& db, int64_t user_id, domain::GridCell cell) {
  db.execute("UPDATE users SET cell_row = ?, cell_col = ? WHERE id = ?",
             {int64_t{cell.row}, int64_t{cell.col}, user_id});
}

std::vector<UserPlace> users_without_cell(Session& db) {
  std::vector<UserPlace> out;
  for (const auto& row : db.query("SELECT id, place_id FROM users WHERE cell_row IS NULL")) {
    out.push_back({row.integer(0), row.integer(1)});
  }
  return out;
}

}  // namespace kesher::store::social
