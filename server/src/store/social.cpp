#include "store/social.hpp"

#include "domain/discovery.hpp"
#include "store/admin_config.hpp"
#include "store/media.hpp"
#include "store/personas.hpp"
#include "store/users.hpp"

namespace kesher::store::social {

namespace {

// Every person query selects these columns, as seen by viewer ?1.
constexpr std::string_view kPersonColumns =
    "SELECT u.id, u.name, u.gender, u.birth_date, u.bio, u.place_id, COALESCE(u.cell_row, 0), "
    "COALESCE(u.cell_col, 0), (COALESCE(u.premium_until, 0) > kesher_now()), u.kind = 'persona', "
    "(SELECT p.url FROM photos p WHERE p.user_id = u.id ORDER BY p.position, p.id LIMIT 1), "
    "(SELECT COUNT(*) FROM photos p WHERE p.user_id = u.id), "
    "EXISTS (SELECT 1 FROM swipes s WHERE s.swiper_id = ?1 AND s.swiped_id = u.id AND s.liked = "
    "1), "
    "EXISTS (SELECT 1 FROM matches m WHERE m.user_id = ?1 AND m.other_id = u.id), u.language, "
    "(SELECT COALESCE(p.thumb_url, p.url) FROM photos p WHERE p.user_id = u.id ORDER BY "
    "p.position, p.id LIMIT 1), "
    "EXISTS (SELECT 1 FROM stories st WHERE st.user_id = u.id AND st.expires_at > unixepoch())";
// The column after the person columns, where the lists put their time.
constexpr size_t kTimeColumn = 17;

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
  p.language = row.text(14);
  p.thumb = row.is_null(15) ? std::string() : row.text(15);
  p.has_story = row.integer(16) != 0;
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

// Banned members and disabled personas are in no search (personas::kListed).
const std::string kSearchFilter =
    " WHERE u.gender = ?2 AND u.birth_date BETWEEN ?3 AND ?4 AND u.id <> ?1"
    " AND u.erased_at IS NULL" +
    std::string(personas::kListed);

// One run of a paged list: "FROM … WHERE …" with its parameters, and its order.
struct Segment {
  std::string from;
  std::vector<Value> params;
  std::string order;
};

// A page of segments shown one after another. A segment's size is counted only when the page
// starts past its end, which a viewer reaches only by paging through all of it.
std::vector<PersonRow> page_segments(Session& db, const std::vector<Segment>& segments,
                                     int64_t offset, int64_t limit) {
  std::vector<PersonRow> people;
  for (const auto& segment : segments) {
    int64_t wanted = limit - static_cast<int64_t>(people.size());
    if (wanted <= 0) break;
    auto params = segment.params;
    size_t n = params.size() + 1;
    std::string sql = std::string(kPersonColumns) + segment.from + " ORDER BY " + segment.order +
                      " LIMIT ?" + std::to_string(n) + " OFFSET ?" + std::to_string(n + 1);
    params.emplace_back(wanted);
    params.emplace_back(offset);
    auto rows = to_people(db.query(sql, std::span<const Value>(params)));
    if (rows.empty() && offset > 0) {
      std::string count = "SELECT COUNT(*)" + segment.from;
      int64_t size = db.query(count, std::span<const Value>(segment.params)).front().integer(0);
      offset = std::max<int64_t>(0, offset - size);
      continue;
    }
    offset = 0;  // the page started inside this segment, so the next one is read from its start
    for (auto& person : rows) people.push_back(std::move(person));
  }
  return people;
}

// People of the search in `language`, as Discover filters them.
Segment search_segment(const Search& search, const std::string& language) {
  Segment segment{"", search_params(search), "u.id DESC"};
  segment.params.emplace_back(language);
  segment.from = " FROM users u" + kSearchFilter + " AND u.language = ?5 AND " +
                 spans_condition(search.spans, segment.params) + std::string(kNotBlocked);
  return segment;
}

}  // namespace

std::vector<PersonRow> deck_candidates(Session& db, const Search& search,
                                       const domain::CellSpan& span, const std::string& language,
                                       int64_t limit) {
  static const std::string sql =
      std::string(kPersonColumns) + " FROM users u" + kSearchFilter +
      " AND u.language = ?5 AND u.cell_row = ?6 AND u.cell_col BETWEEN ?7 AND ?8"
      " AND NOT EXISTS (SELECT 1 FROM swipes s WHERE s.swiper_id = ?1 AND s.swiped_id = u.id)" +
      std::string(kNotBlocked) + " LIMIT ?9";
  auto params = search_params(search);
  params.insert(params.end(), {language, int64_t{span.row}, int64_t{span.first_col},
                               int64_t{span.last_col}, limit});
  return to_people(db.query(sql, std::span<const Value>(params)));
}

std::vector<PersonRow> meet_page(Session& db, const Search& search, int64_t offset, int64_t limit) {
  std::vector<Segment> segments;
  for (const auto& language : search.languages) {
    segments.push_back(search_segment(search, language));
  }
  return page_segments(db, segments, offset, limit);
}

std::vector<PersonRow> popular_page(Session& db, const Search& search, int64_t offset,
                                    int64_t limit) {
  // In each language: ranked people in the order the popularity job wrote, then people who
  // joined since its last run, newest first, so nobody is missing for up to a minute.
  std::vector<Segment> segments;
  for (const auto& language : search.languages) {
    Segment ranked{"", search_params(search), "po.rank"};
    ranked.params.emplace_back(language);
    ranked.from =
        " FROM popular_order po JOIN users u ON u.id = po.user_id"
        " WHERE po.gender = ?2 AND po.language = ?5 AND po.birth_date BETWEEN ?3 AND ?4 AND "
        "po.user_id <> ?1 AND " +
        spans_condition(search.spans, ranked.params, "po") + std::string(personas::kListed) +
        std::string(kNotBlocked);
    segments.push_back(std::move(ranked));
    Segment newcomers = search_segment(search, language);
    newcomers.from += " AND NOT EXISTS (SELECT 1 FROM popular_order po WHERE po.user_id = u.id)";
    segments.push_back(std::move(newcomers));
  }
  return page_segments(db, segments, offset, limit);
}

std::vector<PersonRow> spotlight(Session& db, int64_t viewer_id, int gender,
                                 const std::vector<std::string>& languages, int64_t limit) {
  // The rank table orders by popularity, then newest first, so walking it gives the most liked
  // people and then the newest, and stops at the first `limit` with a photo.
  static const std::string ranked =
      std::string(kPersonColumns) +
      " FROM popular_order po JOIN users u ON u.id = po.user_id WHERE po.gender = ?2 AND "
      "po.language = ?3 AND po.user_id <> ?1"
      " AND EXISTS (SELECT 1 FROM photos p WHERE p.user_id = u.id)" +
      std::string(personas::kListed) + std::string(kNotBlocked) + " ORDER BY po.rank LIMIT ?4";
  // People who joined since the popularity job last ran.
  static const std::string newest =
      std::string(kPersonColumns) +
      " FROM users u WHERE u.gender = ?2 AND u.language = ?3 AND u.id <> ?1"
      " AND EXISTS (SELECT 1 FROM photos p WHERE p.user_id = u.id)" +
      std::string(personas::kListed) + std::string(kNotBlocked) +
      " AND NOT EXISTS (SELECT 1 FROM popular_order po WHERE po.user_id = u.id)"
      " ORDER BY u.id DESC LIMIT ?4";
  std::vector<PersonRow> people;
  for (const auto& language : languages) {
    for (const auto* sql : {&ranked, &newest}) {
      int64_t wanted = limit - static_cast<int64_t>(people.size());
      if (wanted <= 0) return people;
      for (auto& person :
           to_people(db.query(*sql, {viewer_id, int64_t{gender}, language, wanted}))) {
        people.push_back(std::move(person));
      }
    }
  }
  return people;
}

std::optional<PersonRow> person(Session& db, int64_t viewer_id, int64_t id) {
  static const std::string sql = std::string(kPersonColumns) +
                                 " FROM users u WHERE u.id = ?2 AND u.erased_at IS NULL" +
                                 std::string(kNotBlocked);
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
  return to_people(db.query(*sql, {viewer_id, limit, offset}), kTimeColumn);
}

std::vector<std::string> anonymous_page(Session& db, PeopleList list, int64_t viewer_id,
                                        int64_t offset, int64_t limit) {
  // The same order as list_page, newest first.
  static const std::string fans =
      "SELECT (SELECT p.blur_url FROM photos p WHERE p.user_id = s.swiper_id ORDER BY p.position, "
      "p.id LIMIT 1) FROM swipes s WHERE s.swiped_id = ?1 AND s.liked = 1 ORDER BY s.created_at "
      "DESC, s.swiper_id DESC LIMIT ?2 OFFSET ?3";
  static const std::string visitors =
      "SELECT (SELECT p.blur_url FROM photos p WHERE p.user_id = v.visitor_id ORDER BY "
      "p.position, p.id LIMIT 1) FROM visits v WHERE v.visited_id = ?1 ORDER BY v.last_at DESC, "
      "v.visitor_id DESC LIMIT ?2 OFFSET ?3";
  if (list != PeopleList::fans && list != PeopleList::visitors) {
    throw StoreError("only fans and visitors are ever anonymous");
  }
  std::vector<std::string> blurs;
  for (const auto& row :
       db.query(list == PeopleList::fans ? fans : visitors, {viewer_id, limit, offset})) {
    blurs.push_back(row.is_null(0) ? std::string() : row.text(0));
  }
  return blurs;
}

void add_photo(Session& db, int64_t user_id, const std::string& url, int64_t now) {
  db.execute(
      "INSERT INTO photos (user_id, url, position, created_at) VALUES (?1, ?2, (SELECT "
      "COALESCE(MAX(position), 0) + 1 FROM photos WHERE user_id = ?1), ?3)",
      {user_id, url, now});
}

bool replace_photos(Session& db, int64_t user_id, const std::vector<std::string>& urls,
                    int64_t now) {
  std::vector<std::string> current;
  for (const auto& photo : photos::of_user(db, user_id)) current.push_back(photo.url);
  if (current == urls) return false;
  db.execute("DELETE FROM photos WHERE user_id = ?", {user_id});
  for (const auto& url : urls) add_photo(db, user_id, url, now);
  return true;
}

Query blocked_between_query(int64_t a, int64_t b) {
  return {
      "SELECT 1 FROM blocks WHERE (blocker_id = ?1 AND blocked_id = ?2) OR (blocker_id = ?2 "
      "AND blocked_id = ?1)",
      {a, b}};
}

bool blocked_between(Session& db, int64_t a, int64_t b) {
  return !db.query(blocked_between_query(a, b)).empty();
}

void block(Session& db, int64_t blocker, int64_t blocked, int64_t now) {
  db.execute(
      "INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?) "
      "ON CONFLICT DO NOTHING",
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
  return to_people(db.query(sql, {blocker}), kTimeColumn);
}

void record_visit(Session& db, int64_t visitor, int64_t visited, int64_t now) {
  db.execute(
      "INSERT INTO visits (visitor_id, visited_id, first_at, last_at) VALUES (?1, ?2, ?3, ?3) "
      "ON CONFLICT (visitor_id, visited_id) DO UPDATE SET last_at = ?3, count = visits.count + 1",
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
      "INSERT INTO matches (user_id, other_id, created_at) VALUES (?1, ?2, ?3), (?2, ?1, ?3) "
      "ON CONFLICT DO NOTHING",
      {a, b, now});
  return created > 0;
}

bool matched(Session& db, int64_t a, int64_t b) {
  return db.query_one("SELECT 1 FROM matches WHERE user_id = ? AND other_id = ?", {a, b})
      .has_value();
}

SwipeOutcome swipe(Session& db, const SwipeRequest& request, int64_t now, uint32_t like_back_roll) {
  const int64_t me = request.swiper_id;
  const int64_t target = request.swiped_id;
  auto swiper = users::find_by_id(db, me);
  if (!swiper) return {SwipeStatus::unknown_swiper};
  if (target == me || !person(db, me, target)) return {SwipeStatus::not_found};
  SwipeOutcome outcome;
  auto previous = swipe_of(db, me, target);
  if (!request.like) {
    // A pass never undoes a like.
    if (!previous) put_swipe(db, me, target, false, now);
    outcome.matched = matched(db, me, target);
    return outcome;
  }
  if (previous != 1) {
    if (domain::like_limit_reached(swiper->premium, likes_since(db, me, domain::utc_day_start(now)),
                                   admin_config::daily_like_limit(db))) {
      return {SwipeStatus::like_limit_reached};
    }
    put_swipe(db, me, target, true, now);
    outcome.new_like = true;
  }
  if (swipe_of(db, target, me) == 1) {
    outcome.new_match = create_match(db, me, target, now);
  } else if (outcome.new_like) {
    auto persona = persona_settings(db, target);
    // The persona's own setting decides, on the server; the client never does.
    if (persona.persona && domain::persona_likes_back(persona.likes_back_percent, like_back_roll)) {
      if (persona.like_back_delay_s <= 0) {
        put_swipe(db, target, me, true, now);
        outcome.new_match = create_match(db, me, target, now);
      } else {
        schedule_like_back(db, target, me, now + persona.like_back_delay_s);
      }
    }
  }
  outcome.matched = matched(db, me, target);
  return outcome;
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
      "SELECT r.other, (COALESCE(u.premium_until, 0) > kesher_now()),"
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
  // A disabled persona likes nobody back (docs/protocol.md), at once or later (like_back()).
  auto row = db.query_one(
      "SELECT kind = 'persona' AND disabled_at IS NULL AND banned_at IS NULL, likes_back_percent, "
      "like_back_delay_s FROM users WHERE id = ?",
      {user_id});
  if (!row) return {};
  return {row->integer(0) != 0, static_cast<int>(row->integer(1)),
          static_cast<int>(row->integer(2))};
}

void schedule_like_back(Session& db, int64_t persona, int64_t member, int64_t due_at) {
  db.execute(
      "INSERT INTO pending_like_backs (persona_id, member_id, due_at) VALUES (?, ?, ?) "
      "ON CONFLICT DO NOTHING",
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

bool like_back(Session& db, const DueLikeBack& due, int64_t now) {
  drop_like_back(db, due.persona_id, due.member_id);
  // The member may have blocked the persona, or been deleted, since the like; an admin may have
  // disabled the persona.
  if (blocked_between(db, due.persona_id, due.member_id)) return false;
  if (!personas::reachable(db, due.persona_id)) return false;
  if (swipe_of(db, due.member_id, due.persona_id) != 1) return false;
  put_swipe(db, due.persona_id, due.member_id, true, now);
  return create_match(db, due.member_id, due.persona_id, now);
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
  // Ranks 1, 2, … by score, then newest first: numbered by the query, not by SQLite's rowid
  // (the same numbers there), so that PostgreSQL gives the same ones.
  db.execute("DELETE FROM popular_order");
  db.execute(
      "INSERT INTO popular_order (rank, user_id, gender, language, birth_date, cell_row, "
      "cell_col) SELECT ROW_NUMBER() OVER (ORDER BY COALESCE(p.score, 0) DESC, u.id DESC), u.id, "
      "u.gender, u.language, u.birth_date, u.cell_row, u.cell_col FROM users u LEFT JOIN "
      "popularity p ON p.user_id = u.id WHERE u.erased_at IS NULL");
}

void set_cell(Session& db, int64_t user_id, domain::GridCell cell) {
  db.execute("UPDATE users SET cell_row = ?, cell_col = ? WHERE id = ?",
             {int64_t{cell.row}, int64_t{cell.col}, user_id});
}

std::vector<UserPlace> users_without_cell(Session& db) {
  std::vector<UserPlace> out;
  for (const auto& row :
       db.query("SELECT id, place_id FROM users WHERE cell_row IS NULL AND erased_at IS NULL")) {
    out.push_back({row.integer(0), row.integer(1)});
  }
  return out;
}

}  // namespace kesher::store::social
