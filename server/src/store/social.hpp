#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/places.hpp"
#include "domain/privacy.hpp"
#include "store/database.hpp"

namespace kesher::store {

// A person as one viewer sees them: profile fields plus the viewer-relative flags.
struct PersonRow {
  int64_t id = 0;
  std::string name;
  int gender = 0;
  std::string birth_date;
  std::string bio;
  std::string language;  // the one they use Kesher in, and so write their profile in
  int64_t place_id = 0;
  domain::GridCell cell;
  bool premium = false;
  bool persona = false;
  std::string photo;  // first photo, empty when none
  std::string thumb;  // its thumbnail (the photo itself for a persona's picture)
  int64_t photos_count = 0;
  bool liked = false;      // the viewer liked this person
  bool matched = false;    // mutual
  bool has_story = false;  // a live story
  int64_t time = 0;        // for lists: when the like, visit or match happened
};

// What the viewer is looking for (their preferences and where they are).
struct Search {
  int64_t viewer_id = 0;
  int gender = 0;
  std::string born_from;  // inclusive YYYY-MM-DD bounds from the age range
  std::string born_to;
  std::vector<domain::CellSpan> spans;
  // Language codes in the order their speakers are shown (domain::reading_order); people whose
  // language is not listed are not shown.
  std::vector<std::string> languages;
};

enum class PeopleList { mylikes, fans, matches, visitors };

struct Totals {
  int64_t visitors = 0, mylikes = 0, fans = 0, matches = 0, fans_new = 0, visits_new = 0;
};

namespace social {

// Candidates for the swipe deck in one row span who use Kesher in `language`: not swiped, not
// blocked, not the viewer.
std::vector<PersonRow> deck_candidates(Session& db, const Search& search,
                                       const domain::CellSpan& span, const std::string& language,
                                       int64_t limit);
// Discover pages: the search's languages one after another, newest first (meet) or by popularity
// rank (popular) within each.
std::vector<PersonRow> meet_page(Session& db, const Search& search, int64_t offset, int64_t limit);
std::vector<PersonRow> popular_page(Session& db, const Search& search, int64_t offset,
                                    int64_t limit);
// The most popular people with a photo, anywhere, then the newest; language by language.
std::vector<PersonRow> spotlight(Session& db, int64_t viewer_id, int gender,
                                 const std::vector<std::string>& languages, int64_t limit);
// A person the viewer may see (exists, not blocked either way); the viewer themself too.
std::optional<PersonRow> person(Session& db, int64_t viewer_id, int64_t id);
std::vector<PersonRow> list_page(Session& db, PeopleList list, int64_t viewer_id, int64_t offset,
                                 int64_t limit);
// A page of the viewer's fans or visitors, blocks or not, without reading who they are: what a
// viewer who may not see them gets (domain::fan_counts_follow_blocks). One entry per fan or
// visitor: the blurred copy of their first photo, or "" when there is none.
std::vector<std::string> anonymous_page(Session& db, PeopleList list, int64_t viewer_id,
                                        int64_t offset, int64_t limit);

void add_photo(Session& db, int64_t user_id, const std::string& url, int64_t now);
// Makes the user's photos exactly these, in order; true when anything changed.
bool replace_photos(Session& db, int64_t user_id, const std::vector<std::string>& urls,
                    int64_t now);

bool blocked_between(Session& db, int64_t a, int64_t b);
// The same as a query, for a batch: blocked when it returns a row.
Query blocked_between_query(int64_t a, int64_t b);
void block(Session& db, int64_t blocker, int64_t blocked, int64_t now);
void unblock(Session& db, int64_t blocker, int64_t blocked);
std::vector<PersonRow> blocked_by(Session& db, int64_t blocker);

void record_visit(Session& db, int64_t visitor, int64_t visited, int64_t now);
void add_report(Session& db, int64_t reporter, int64_t reported, const std::string& reason,
                int64_t now);

int64_t likes_since(Session& db, int64_t swiper, int64_t since);
// 1 liked, 0 passed, nullopt when the swiper never swiped the person.
std::optional<int> swipe_of(Session& db, int64_t swiper, int64_t swiped);
void put_swipe(Session& db, int64_t swiper, int64_t swiped, bool liked, int64_t now);
// Creates the match on both sides; false when it existed already.
bool create_match(Session& db, int64_t a, int64_t b, int64_t now);
bool matched(Session& db, int64_t a, int64_t b);

struct SwipeRequest {
  int64_t swiper_id = 0;
  int64_t swiped_id = 0;
  bool like = false;
};
enum class SwipeStatus {
  recorded,
  unknown_swiper,      // the swiper's account is gone
  not_found,           // oneself, no such user, or blocked either way
  like_limit_reached,  // domain::like_limit_reached; nothing was recorded
};
struct SwipeOutcome {
  SwipeStatus status = SwipeStatus::recorded;
  bool matched = false;    // the two are matched after the swipe
  bool new_match = false;  // this swipe made the match: both sides are told
  bool new_like = false;   // a like that was not there before: the other's counts changed
};
// One unit of work inside the caller's write transaction. A pass never undoes a like. A new like
// counts against the daily limit; a like of someone who liked the swiper makes the match; a like of
// a persona is liked back now or later (pending_like_backs) by the persona's own setting, with
// `like_back_roll` a uniform draw in [0, 100) made by the caller (domain::persona_likes_back).
SwipeOutcome swipe(Session& db, const SwipeRequest& request, int64_t now, uint32_t like_back_roll);

// `fans_follow_blocks`: whether blocks either way take fans and visitors out of their counts
// (mylikes and matches always leave blocked people out).
Totals totals(Session& db, int64_t user_id, bool fans_follow_blocks);
void mark_fans_seen(Session& db, int64_t user_id, int64_t now);
void mark_visits_seen(Session& db, int64_t user_id, int64_t now);

// Everyone with a relation to the user (matches, conversations, likes and visits either way),
// each with the relation as they see it and their premium flag: whom the user's presence may
// concern, before domain::knows_identity decides.
struct RelatedPerson {
  int64_t id = 0;
  bool premium = false;
  domain::Relation relation;  // from this person's side
};
std::vector<RelatedPerson> related_people(Session& db, int64_t user_id);

struct PersonaSettings {
  bool persona = false;
  int likes_back_percent = 0;
  int like_back_delay_s = 0;
};
PersonaSettings persona_settings(Session& db, int64_t user_id);
void schedule_like_back(Session& db, int64_t persona, int64_t member, int64_t due_at);
struct DueLikeBack {
  int64_t persona_id;
  int64_t member_id;
};
std::vector<DueLikeBack> due_like_backs(Session& db, int64_t now, int64_t limit);
void drop_like_back(Session& db, int64_t persona, int64_t member);
// One unit of work for a due like-back: drops it, and the persona likes the member back unless
// the two were blocked since or the member's like is gone. True when that made a new match.
bool like_back(Session& db, const DueLikeBack& due, int64_t now);

struct RecentLike {
  int64_t swiped_id;
  int64_t created_at;
};
std::vector<RecentLike> likes_after(Session& db, int64_t since);
void replace_popularity(Session& db, const std::vector<std::pair<int64_t, double>>& scores);

void set_cell(Session& db, int64_t user_id, domain::GridCell cell);
struct UserPlace {
  int64_t id;
  int64_t place_id;
};
std::vector<UserPlace> users_without_cell(Session& db);

}  // namespace social
}  // namespace kesher::store
