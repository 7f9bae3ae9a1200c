// Micro-benchmarks of the hot pure paths: `make bench`. Figures go into docs/performance.md.
#include <benchmark/benchmark.h>

#include <unistd.h>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <utility>
#include <vector>

#include "domain/chat.hpp"
#include "domain/crypto.hpp"
#include "domain/places.hpp"
#include "domain/validation.hpp"
#include "protocol/envelope.hpp"
#include "store/chat.hpp"
#include "store/ledger.hpp"
#include "store/users.hpp"

using namespace kesher;

static void DecodeEnvelope(benchmark::State& state) {
  const std::string frame =
      R"({"module":"send_message","rid":"42","receiver_id":17,"message_type":"text","message_text":"שלום, מה שלומך היום?","client_id":"c-8f1e"})";
  for (auto _ : state) benchmark::DoNotOptimize(protocol::decode_envelope(frame));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(DecodeEnvelope);

static void CheckName(benchmark::State& state) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(domain::check_name("  דנה   לוי ", domain::Language::he));
  }
}
BENCHMARK(CheckName);

// The checks every bio and chat message goes through before it is stored.
static void CheckBio(benchmark::State& state) {
  const std::string bio =
      "אוהבת טיולים בגליל, קפה של בוקר וספרים טובים.\nמחפשת מישהו לצחוק איתו 😊 "
      "<b>Loves</b> hiking, good coffee & long talks.";
  for (auto _ : state) benchmark::DoNotOptimize(domain::check_bio(bio));
}
BENCHMARK(CheckBio);

static void CheckChatText(benchmark::State& state) {
  const std::string text = "  שלום, מה שלומך היום? 👋🏽 Wie geht's?\n";
  for (auto _ : state) benchmark::DoNotOptimize(domain::chat::check_text(text));
}
BENCHMARK(CheckChatText);

static void PasswordHash(benchmark::State& state) {
  domain::crypto_init();
  for (auto _ : state) benchmark::DoNotOptimize(domain::hash_password("correct horse battery"));
}
BENCHMARK(PasswordHash)->Unit(benchmark::kMillisecond);

// Reading build/places.tsv and building the search index: the server's start-up cost.
static void LoadPlaces(benchmark::State& state) {
  const char* path = std::getenv("KESHER_PLACES");
  if (!path) {
    state.SkipWithError("set KESHER_PLACES to build/places.tsv");
    return;
  }
  std::string error;
  for (auto _ : state) benchmark::DoNotOptimize(domain::PlaceIndex::load_tsv(path, &error));
}
BENCHMARK(LoadPlaces)->Unit(benchmark::kMillisecond)->Iterations(5);

static void SearchPlaces(benchmark::State& state) {
  const char* path = std::getenv("KESHER_PLACES");
  std::string error;
  auto index = path ? domain::PlaceIndex::load_tsv(path, &error) : std::nullopt;
  if (!index) {
    state.SkipWithError("set KESHER_PLACES to build/places.tsv");
    return;
  }
  const char* queries[] = {"תל", "ber", "münch", "new y", "ירו", "ha"};
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(index->search(queries[i++ % 6], domain::Language::he, 10));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(SearchPlaces)->Unit(benchmark::kMicrosecond);

// A member for the store benchmarks; the caller gives each an email of its own.
store::NewUser bench_user() {
  store::NewUser user;
  user.name = "Bench";
  user.gender = 2;
  user.birth_date = {1990, 1, 1};
  user.place_id = 293397;
  return user;
}

// The database half of send_message (message row, both conversation rows, ledger debit), durable
// (WAL, synchronous=FULL). One thread shows what unbatched commits cost; many threads show what
// the group commit makes of the same work.
struct SendStore {
  std::filesystem::path folder;
  std::unique_ptr<store::Database> db;
  int64_t sender = 0, receiver = 0;
  SendStore() {
    folder = std::filesystem::temp_directory_path() / ("kesher-bench-" + std::to_string(getpid()));
    std::filesystem::create_directories(folder);
    store::SqliteOptions options{(folder / "bench.db").string()};
    // KESHER_SQLITE_SYNC=normal measures commits without an fsync each.
    const char* sync = std::getenv("KESHER_SQLITE_SYNC");
    options.durable_commits = !(sync && std::string_view(sync) == "normal");
    db = store::open_sqlite(options);
    db->write([&](store::Session& s) {
      store::NewUser user = bench_user();
      user.email = "a@bench.test";
      sender = store::users::insert(s, user, 1);
      user.email = "b@bench.test";
      receiver = store::users::insert(s, user, 1);
      store::ledger::apply(s, {sender, 1'000'000'000'000, "bench", "", "bench-grant"}, 1);
    });
  }
  ~SendStore() {
    db.reset();
    std::filesystem::remove_all(folder);
  }
};

SendStore& send_store() {
  static SendStore fixture;
  return fixture;
}

std::function<void(store::Session&)> send_unit(int64_t sequence) {
  return [sequence](store::Session& s) {
    SendStore& fixture = send_store();
    std::string key = std::to_string(sequence);
    auto message = store::chat::insert(
        s, {fixture.sender, fixture.receiver, "text", "hello there", {}, 50, key, 1});
    store::ledger::apply(s, {fixture.sender, -50, "message", "", "send:" + key}, 1);
    benchmark::DoNotOptimize(message.id);
  };
}

std::atomic<int64_t> send_sequence{0};

static void StoreSendUnit(benchmark::State& state) {
  for (auto _ : state) send_store().db->write(send_unit(send_sequence++));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(StoreSendUnit)->Threads(1)->Threads(16)->Threads(64)->UseRealTime();

// Submits one unit of `db` per iteration without waiting, at most `window` in flight as the socket
// path does, and waits for the last. `unit(sequence)` makes the unit; `sent(error)` says whether
// it went through (a refusal fails the benchmark).
template <class MakeUnit, class Sent>
void submit_in_window(benchmark::State& state, store::Database& db, int64_t window, MakeUnit unit,
                      Sent sent) {
  std::mutex mutex;
  std::condition_variable finished;
  int64_t in_flight = 0;
  std::atomic<int64_t> refused{0};
  for (auto _ : state) {
    {
      std::unique_lock lock(mutex);
      finished.wait(lock, [&] { return in_flight < window; });
      ++in_flight;
    }
    auto [work, outcome] = unit(send_sequence++);
    db.write_async(std::move(work), [&, outcome](std::exception_ptr error) {
      if (!sent(error, outcome)) ++refused;
      std::lock_guard lock(mutex);
      --in_flight;
      finished.notify_one();
    });
  }
  std::unique_lock lock(mutex);
  finished.wait(lock, [&] { return in_flight == 0; });
  if (refused > 0) state.SkipWithError("a send was refused");
  state.SetItemsProcessed(state.iterations());
}

// What a unit that reports nothing back carries to its check.
struct NoOutcome {};

// As the socket path uses it: units submitted without waiting, at most range(0) in flight.
static void StoreSendUnitAsync(benchmark::State& state) {
  submit_in_window(
      state, *send_store().db, state.range(0),
      [](int64_t sequence) {
        return std::pair{send_unit(sequence), NoOutcome{}};
      },
      [](std::exception_ptr, NoOutcome) { return true; });
}
BENCHMARK(StoreSendUnitAsync)->Arg(256)->Arg(1024)->UseRealTime();

// All of send_message's database half as the chat load drives it (store::chat::send: the replay
// check, reachability and blocks, the price, the balance, the message, both conversations, the
// debit), 10,000 members in 5,000 pairs, each send with a client id, range(0) in flight: 16 is
// about what the server has waiting at 8,000 msg/s (2 ms each), 1,024 a saturated committer. Its
// real time per item is the committer's cost per message (the flush runs beside it), its CPU the
// whole process's (committer, flush and checkpoint threads, and this loop).
struct ChatStore {
  static constexpr int kMembers = 10'000;
  std::filesystem::path folder;
  std::unique_ptr<store::Database> db;
  std::vector<int64_t> members;
  ChatStore() {
    folder = std::filesystem::temp_directory_path() / ("kesher-chat-" + std::to_string(getpid()));
    std::filesystem::create_directories(folder);
    db = store::open_sqlite(store::SqliteOptions{(folder / "chat.db").string()});
    db->write([&](store::Session& s) {
      store::NewUser user = bench_user();
      for (int i = 0; i < kMembers; ++i) {
        user.email = "member" + std::to_string(i) + "@bench.test";
        members.push_back(store::users::insert(s, user, 1));
        store::ledger::apply(
            s, {members.back(), 1'000'000'000, "bench", "", "grant:" + std::to_string(i)}, 1);
      }
    });
  }
  ~ChatStore() {
    db.reset();
    std::filesystem::remove_all(folder);
  }
};

static void StoreChatSend(benchmark::State& state) {
  static ChatStore fixture;
  using Outcome = std::shared_ptr<store::chat::SendOutcome>;
  submit_in_window(
      state, *fixture.db, state.range(0),
      [](int64_t sequence) {
        size_t pair = static_cast<size_t>(sequence % (ChatStore::kMembers / 2));
        store::chat::SendRequest request;
        request.sender_id = fixture.members[2 * pair];
        request.receiver_id = fixture.members[2 * pair + 1];
        request.text = "load message";
        request.client_id = "c" + std::to_string(sequence);
        auto outcome = std::make_shared<store::chat::SendOutcome>();
        std::function<void(store::Session&)> work = [request = std::move(request),
                                                     outcome](store::Session& s) {
          *outcome = store::chat::send(s, request, 1);
        };
        return std::pair{std::move(work), outcome};
      },
      [](std::exception_ptr error, const Outcome& outcome) {
        return !error && outcome->status == store::chat::SendStatus::sent;
      });
}
BENCHMARK(StoreChatSend)->Arg(16)->Arg(64)->Arg(1024)->UseRealTime()->MeasureProcessCPUTime();

// The least a durable paid message can cost through the same store: the same group commit, WAL
// flush and checkpoint thread, 10,000 members, range(0) in flight, but a unit of three statements
// on tables of its own with nothing but what a paid message must write: the balance debited (never
// below 0), the message row with its conversation index, the ledger row under a unique key. No
// checks, no conversation rows, no foreign keys, no replay lookup. What this costs a message is
// what Kesher's chat cannot go below on SQLite (docs/performance.md, "The store's floor").
struct FloorStore {
  static constexpr int kMembers = 10'000;
  std::filesystem::path folder;
  std::unique_ptr<store::Database> db;
  FloorStore() {
    folder = std::filesystem::temp_directory_path() / ("kesher-floor-" + std::to_string(getpid()));
    std::filesystem::create_directories(folder);
    db = store::open_sqlite(store::SqliteOptions{(folder / "floor.db").string()});
    db->write([&](store::Session& s) {
      s.execute(
          "CREATE TABLE floor_balances (user_id INTEGER PRIMARY KEY, credits INTEGER NOT NULL "
          "CHECK (credits >= 0))");
      s.execute(
          "CREATE TABLE floor_messages (id INTEGER PRIMARY KEY, low_id INTEGER NOT NULL, high_id "
          "INTEGER NOT NULL, sender_id INTEGER NOT NULL, body TEXT NOT NULL, created_at INTEGER "
          "NOT NULL)");
      s.execute("CREATE INDEX floor_messages_pair ON floor_messages (low_id, high_id, id)");
      s.execute(
          "CREATE TABLE floor_ledger (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, delta "
          "INTEGER NOT NULL, idempotency_key TEXT NOT NULL UNIQUE)");
      for (int member = 1; member <= kMembers; ++member) {
        s.execute("INSERT INTO floor_balances (user_id, credits) VALUES (?, ?)",
                  {member, int64_t{1'000'000'000}});
      }
    });
  }
  ~FloorStore() {
    db.reset();
    std::filesystem::remove_all(folder);
  }
};

static void StoreFloorSend(benchmark::State& state) {
  static FloorStore fixture;
  submit_in_window(
      state, *fixture.db, state.range(0),
      [](int64_t sequence) {
        int64_t sender = 1 + 2 * (sequence % (FloorStore::kMembers / 2));
        std::function<void(store::Session&)> work = [sequence, sender](store::Session& s) {
          if (s.execute("UPDATE floor_balances SET credits = credits - 50 WHERE user_id = ? AND "
                        "credits >= 50",
                        {sender}) != 1) {
            throw std::runtime_error("no credits");
          }
          int64_t id = s.insert(
              "INSERT INTO floor_messages (low_id, high_id, sender_id, body, created_at) VALUES "
              "(?, ?, ?, ?, ?)",
              {sender, sender + 1, sender, "load message", int64_t{1}});
          s.execute("INSERT INTO floor_ledger (user_id, delta, idempotency_key) VALUES (?, -50, ?)",
                    {sender, "message:" + std::to_string(id) + ":" + std::to_string(sequence)});
        };
        return std::pair{std::move(work), NoOutcome{}};
      },
      [](std::exception_ptr error, NoOutcome) { return !error; });
}
BENCHMARK(StoreFloorSend)->Arg(16)->Arg(64)->Arg(1024)->UseRealTime()->MeasureProcessCPUTime();

BENCHMARK_MAIN();
