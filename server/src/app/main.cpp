// kesher: the Kesher server. `kesher --help` lists the options.
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "app/cluster.hpp"
#include "app/context.hpp"
#include "app/load_seed.hpp"
#include "app/protocol_dump.hpp"
#include "app/seed.hpp"
#include "bus/wire.hpp"
#include "console/console.hpp"
#include "domain/crypto.hpp"
#include "domain/money.hpp"
#include "domain/totp.hpp"
#include "domain/validation.hpp"
#include "mail/mailer.hpp"
#include "media/image.hpp"
#include "media/uploads.hpp"
#include "modules/events.hpp"
#include "modules/http_routes.hpp"
#include "modules/jobs.hpp"
#include "modules/push_notify.hpp"
#include "modules/registry.hpp"
#include "modules/sessions.hpp"
#include "net/http_client.hpp"
#include "net/push_client.hpp"
#include "net/server.hpp"
#include "net/smtp_mailer.hpp"
#include "net/static_files.hpp"
#include "protocol/forwarded.hpp"
#include "push/vapid.hpp"
#include "store/backup.hpp"
#include "store/staff.hpp"
#include "store/users.hpp"

namespace {

using kesher::app::Config;

void add_server_options(CLI::App& cli, Config& config) {
  cli.add_option("--host", config.host, "Address to listen on")
      ->envname("KESHER_HOST")
      ->capture_default_str();
  cli.add_option("--port", config.port, "Port to listen on (0 picks a free one)")
      ->envname("KESHER_PORT")
      ->capture_default_str();
  cli.add_option("--data", config.data_dir, "Data folder: the SQLite database and media")
      ->envname("KESHER_DATA")
      ->capture_default_str();
  cli.add_option("--web", config.web_dir, "The built web client (web/dist)")
      ->envname("KESHER_WEB")
      ->capture_default_str();
  cli.add_option("--places", config.places_path,
                 "Places TSV from scripts/import-places.mjs (default: <data>/places.tsv)")
      ->envname("KESHER_PLACES");
  cli.add_option("--origin", config.public_origin,
                 "Public origin, e.g. https://kesher.example (default: http://localhost:<port>)")
      ->envname("KESHER_ORIGIN");
  cli.add_option("--log-level", config.log_level, "trace, debug, info, warn, error or off")
      ->envname("KESHER_LOG_LEVEL")
      ->capture_default_str();
  cli.add_option("--smtp", config.smtp_url,
                 "Send mail through SMTP: smtp://user:password@host:587 (STARTTLS when offered) "
                 "or smtps://host:465; without it mail is written to <data>/outbox/")
      ->envname("KESHER_SMTP");
  cli.add_option("--mail-from", config.mail_from, "Sender of account mail")
      ->envname("KESHER_MAIL_FROM")
      ->capture_default_str();
  cli.add_option("--ws-idle-timeout", config.ws_idle_timeout_seconds,
                 "Seconds without an inbound frame before a socket is closed")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  cli.add_option("--ws-write-stall", config.ws_write_stall_seconds,
                 "Seconds a write to a socket may wait for its peer to read before it is closed")
      ->check(CLI::Range(1, 600))
      ->capture_default_str();
  cli.add_option("--network-threads", config.network_threads, "Threads serving sockets")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cli.add_option("--worker-threads", config.worker_threads, "Threads for database work")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cli.add_option("--sqlite-sync", config.sqlite_sync,
                 "full: every commit is fsynced (durable); normal: synced at checkpoints")
      ->check(CLI::IsMember({"full", "normal"}))
      ->capture_default_str();
  cli.add_option(
         "--database", config.database_url,
         "PostgreSQL instead of the SQLite file in --data: postgres://user:password@host/db "
         "or postgres:///db?host=/socket/folder (media and keys stay in --data)")
      ->envname("KESHER_DATABASE")
      ->check([](const std::string& url) {
        return url.empty() || kesher::store::is_postgres_url(url)
                   ? std::string()
                   : std::string("must be a postgres:// or postgresql:// URL");
      });
  cli.add_option("--redis", config.redis_url,
                 "Run as one node of several: Redis at redis://host:port or unix:/path/to/socket "
                 "carries events, presence and shared counters between them (needs a postgres:// "
                 "--database, and --data on a folder every node shares)")
      ->envname("KESHER_REDIS")
      ->check([](const std::string& url) {
        return url.empty() || kesher::bus::wire::parse_redis_address(url)
                   ? std::string()
                   : std::string("must be redis://host:port or unix:/path");
      });
  cli.add_option("--trusted-proxy", config.trusted_proxies,
                 "An address of a proxy in front of this node (repeat, or separate with commas): "
                 "its requests count against the client it names last in X-Forwarded-For")
      ->envname("KESHER_TRUSTED_PROXIES")
      ->delimiter(',')
      ->transform([](const std::string& address) {
        auto canonical = kesher::protocol::canonical_address(address);
        if (!canonical) throw CLI::ValidationError("--trusted-proxy", "not an IP address");
        return *canonical;
      });
  cli.add_option("--node-id", config.node_id,
                 "This node's name in the cluster (default: host name, process id and a random "
                 "part)")
      ->envname("KESHER_NODE_ID")
      ->check([](const std::string& id) {
        return id.empty() || kesher::bus::wire::valid_node_id(id)
                   ? std::string()
                   : std::string("1 to 64 letters, digits, '-', '_' or '.'");
      });
  cli.add_option("--database-pool", config.database_pool,
                 "PostgreSQL: reader connections (writes use one connection of their own)")
      ->envname("KESHER_DATABASE_POOL")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cli.add_option("--max-queued-sends", config.max_queued_sends,
                 "Sends waiting for a commit before new ones are refused with server_busy")
      ->capture_default_str();
  cli.add_option("--password-threads", config.password_threads,
                 "Threads hashing passwords (register, login, reset), apart from the workers")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cli.add_option("--background-priority", config.background_priority,
                 "Hashing and decoding threads: idle (SCHED_IDLE, default) or nice (+10), for "
                 "cores shared with other busy programs")
      ->check(CLI::IsMember({"idle", "nice"}))
      ->capture_default_str();
  cli.add_option("--register-limit-per-ip", config.register_limit_per_ip,
                 "New accounts one address may create per hour")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cli.add_option("--max-sockets-per-member", config.max_sockets_per_member,
                 "WebSockets one member may hold at once (tabs and devices)")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  cli.add_option("--max-sockets-per-ip", config.max_sockets_per_ip,
                 "WebSockets one address may hold at once")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cli.add_option("--frame-rate", config.member_frames_per_second,
                 "WebSocket frames a member may send per second, across all of their sockets")
      ->check(CLI::Range(1.0, 100000.0))
      ->capture_default_str();
  cli.add_option("--frame-burst", config.member_frame_burst,
                 "Frames a member may send at once before --frame-rate applies")
      ->check(CLI::Range(1.0, 1000000.0))
      ->capture_default_str();
  cli.add_option("--session-ttl", config.session_ttl_seconds,
                 "Seconds a sign-in lasts; its open sockets are closed when it ends")
      ->check(CLI::Range(1, 365 * 24 * 3600))
      ->capture_default_str();
  cli.add_option("--media-threads", config.media_threads, "Threads decoding uploaded pictures")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cli.add_option("--max-queued-uploads", config.max_queued_uploads,
                 "Uploads waiting to be decoded before new ones answer server_busy")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cli.add_option("--max-upload-bytes", config.max_upload_bytes,
                 "Largest upload body (413 above it)")
      ->check(CLI::Range(size_t{1024}, size_t{1} << 30))
      ->capture_default_str();
  cli.add_option("--max-upload-pixels", config.max_upload_pixels,
                 "Largest picture, in pixels, read from its header before decoding")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 32))
      ->capture_default_str();
  cli.add_option("--chat-image-ttl", config.chat_image_ttl_seconds,
                 "Seconds a chat picture can be opened after sending")
      ->check(CLI::Range(1, 365 * 24 * 3600))
      ->capture_default_str();
  cli.add_option("--story-ttl", config.story_ttl_seconds, "Seconds a story lives")
      ->check(CLI::Range(1, 365 * 24 * 3600))
      ->capture_default_str();
  cli.add_option("--payment-webhook-secret", config.payment_webhook_secret,
                 "Secret payment webhooks are signed with (default: <data>/payments.key, made at "
                 "first start)")
      ->envname("KESHER_PAYMENT_WEBHOOK_SECRET");
  cli.add_option("--console-lease", config.console_lease_seconds,
                 "Seconds a console lock lasts unless the operator's console renews it")
      ->check(CLI::Range(10, 3600))
      ->capture_default_str();
  cli.add_option("--console-max-locks", config.console_max_locks,
                 "Conversations one operator may hold at once")
      ->check(CLI::Range(1, 50))
      ->capture_default_str();
  // Hidden: tests move the server's clock with it.
  cli.add_option("--clock-offset-file", config.clock_offset_file)->group("");
  cli.add_option("--wheel-seed", config.wheel_seed,
                 "Tests only: draw wheel prizes from a generator with this seed, not the CSPRNG");
}

// Web push (docs/decisions/0013-web-push.md).
void add_push_options(CLI::App& cli, Config& config) {
  cli.add_option("--vapid-subject", config.vapid_subject,
                 "Contact for push services in VAPID tokens: mailto:… or https:…")
      ->envname("KESHER_VAPID_SUBJECT")
      ->check([](const std::string& subject) {
        return kesher::push::valid_vapid_subject(subject)
                   ? std::string()
                   : std::string("must be mailto:… or https:…, printable, at most 256 characters");
      })
      ->capture_default_str();
  cli.add_flag("--push-allow-loopback", config.push_allow_loopback,
               "Tests only: let pushes go to loopback, over plain http too (the local push "
               "service of the integration tests)");
}

// Seconds to add to the clock, from the test's file (0 when it is missing or unreadable).
int64_t clock_offset(const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "r");
  if (!file) return 0;
  long long offset = 0;
  if (std::fscanf(file, "%lld", &offset) != 1) offset = 0;
  std::fclose(file);
  return offset;
}

std::vector<std::string> allowed_origins(const Config& config, uint16_t port) {
  if (!config.public_origin.empty()) return {config.public_origin};
  std::string suffix = ":" + std::to_string(port);
  return {"http://localhost" + suffix, "http://127.0.0.1" + suffix};
}

// Opens the data folder: database (migrated) and, when a command needs them, the places.
bool open_data(kesher::app::Context& app, const Config& config, bool with_places = true) {
  namespace fs = std::filesystem;
  kesher::domain::crypto_init();
  fs::create_directories(config.data_dir);
  app.config = config;
  app.throttles.register_by_ip = kesher::app::local_throttle(config.register_limit_per_ip, 3600);
  app.now = [offset_file = config.clock_offset_file] {
    int64_t now = std::chrono::duration_cast<std::chrono::seconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count();
    return offset_file.empty() ? now : now + clock_offset(offset_file);
  };
  if (config.database_url.empty()) {
    kesher::store::SqliteOptions sqlite{(fs::path(config.data_dir) / "kesher.db").string()};
    sqlite.durable_commits = config.sqlite_sync != "normal";
    sqlite.clock = app.now;
    app.db = kesher::store::open_sqlite(sqlite);
  } else {
    kesher::store::PostgresOptions postgres{config.database_url, config.database_pool, app.now};
    // The node id is drawn later (app/cluster.cpp) when --node-id is not given; the process id
    // tells the connections apart until then.
    postgres.node_name =
        config.node_id.empty() ? "pid " + std::to_string(getpid()) : config.node_id;
    try {
      app.db = kesher::store::open_postgres(postgres);
    } catch (const kesher::store::StoreError& e) {
      spdlog::error("{}", e.what());
      return false;
    }
  }
  if (config.wheel_seed) {
    spdlog::warn("--wheel-seed: wheel prizes are predictable (tests only)");
    app.wheel_random = kesher::domain::wheel::seeded_source(*config.wheel_seed);
  }
  app.media_link_key = kesher::media::load_or_create_link_key(config.data_dir);
  if (!with_places) return true;
  std::string places_path = config.places_path.empty()
                                ? (fs::path(config.data_dir) / "places.tsv").string()
                                : config.places_path;
  std::string places_error;
  auto places = kesher::domain::PlaceIndex::load_tsv(places_path, &places_error);
  if (!places) {
    spdlog::error("cannot load places from {}: {} (run `make places`)", places_path, places_error);
    return false;
  }
  app.places = std::make_unique<kesher::domain::PlaceIndex>(std::move(*places));
  kesher::modules::assign_missing_cells(app);
  return true;
}

int seed_demo(const Config& config, const std::string& personas_dir) {
  kesher::app::Context app;
  if (!open_data(app, config)) return 1;
  auto result = kesher::app::seed_personas(app, personas_dir);
  if (!result.error.empty()) {
    spdlog::error("seed-demo: {}", result.error);
    return 1;
  }
  kesher::modules::refresh_popularity(app);
  std::printf("seed-demo: %d personas added, %d updated, %d unchanged\n", result.added,
              result.updated, result.skipped);
  return 0;
}

int set_premium(const Config& config, int64_t user_id, int premium) {
  kesher::app::Context app;
  if (!open_data(app, config, /*with_places=*/false)) return 1;
  bool found = false;
  app.db->write([&](kesher::store::Session& db) {
    found = kesher::store::users::find_by_id(db, user_id).has_value();
    if (found) {
      // Premium is a date; the command gives it for ever, or ends it.
      kesher::store::users::set_premium_until(
          db, user_id,
          premium != 0 ? std::optional<int64_t>(kesher::domain::kPremiumForever) : std::nullopt);
    }
  });
  if (!found) {
    spdlog::error("set-premium: no user {}", user_id);
    return 1;
  }
  std::printf("user %lld premium=%d\n", static_cast<long long>(user_id), premium);
  return 0;
}

// The first admin comes from here (docs/protocol.md "Staff"). The password comes on standard
// input, never on the command line, where other users of the machine could read it.
int add_staff(const Config& config, const std::string& email_text, const std::string& role) {
  auto email = kesher::domain::check_email(email_text).value;
  if (!email) {
    spdlog::error("staff add: not a usable email address");
    return 1;
  }
  std::string password;
  std::getline(std::cin, password);
  if (!password.empty() && password.back() == '\r') password.pop_back();
  if (password.size() < 12 || password.size() > 128) {
    spdlog::error("staff add: the password (standard input) must be 12 to 128 characters");
    return 1;
  }
  kesher::app::Context app;
  if (!open_data(app, config, /*with_places=*/false)) return 1;
  std::string secret = role == "admin" ? kesher::domain::totp::new_secret() : std::string();
  std::optional<int64_t> id;
  int64_t now = app.now();
  std::string hash = kesher::domain::hash_password(password);
  app.db->write([&](kesher::store::Session& db) {
    id = kesher::store::staff::insert(db, *email, hash, role, secret, now);
    if (id)
      kesher::store::staff::audit(db, std::nullopt, "staff_add", "staff", std::to_string(*id), role,
                                  now);
  });
  if (!id) {
    spdlog::error("staff add: {} is already staff", *email);
    return 1;
  }
  std::printf("staff %lld: %s (%s)\n", static_cast<long long>(*id), email->c_str(), role.c_str());
  if (!secret.empty()) {
    std::printf("TOTP secret: %s\n%s\n", secret.c_str(),
                kesher::domain::totp::otpauth_uri("Kesher", *email, secret).c_str());
  }
  return 0;
}

int seed_load(const Config& config, const kesher::app::LoadSeedOptions& options) {
  kesher::app::Context app;
  if (!open_data(app, config, /*with_places=*/false)) return 1;
  auto result = kesher::app::seed_load_members(app, options);
  if (!result.error.empty()) {
    spdlog::error("seed-load: {}", result.error);
    return 1;
  }
  std::printf("seed-load: %d members added, %d already present; sessions in %s\n", result.created,
              result.reused, options.sessions_out.c_str());
  return 0;
}

// Runs beside the server without opening the data folder the server's way (no migrations, no
// committer): the copy is taken from the file as it stands.
int backup(const Config& config, const std::string& target,
           const kesher::store::BackupOptions& options) {
  namespace fs = std::filesystem;
  if (!config.database_url.empty()) {
    spdlog::error("backup: the database is PostgreSQL; back it up with pg_dump (README)");
    return 1;
  }
  auto result =
      kesher::store::backup_sqlite(fs::path(config.data_dir) / "kesher.db", target, options);
  if (!result.error.empty()) {
    spdlog::error("backup: {}", result.error);
    return 1;
  }
  std::printf("backup: %lld pages (%.1f MiB) copied to %s\n", static_cast<long long>(result.pages),
              static_cast<double>(result.bytes) / (1 << 20), target.c_str());
  return 0;
}

int serve(Config config, const std::string& seed_dir) {
  namespace fs = std::filesystem;
  // Declared before the context, so that it outlives everything that posts to it (the hub, the
  // database's committer).
  kesher::net::WorkerPool workers(config.worker_threads);
  kesher::app::Context app{.workers = workers};
  if (!config.redis_url.empty() && config.database_url.empty()) {
    spdlog::error("--redis: the nodes of a cluster share a PostgreSQL database (--database)");
    return 1;
  }
  if (!open_data(app, config)) return 1;
  if (!seed_dir.empty()) {
    auto result = kesher::app::seed_personas(app, seed_dir);
    if (!result.error.empty())
      spdlog::error("demo personas: {}", result.error);
    else
      spdlog::info("demo personas: {} added, {} updated, {} unchanged", result.added,
                   result.updated, result.skipped);
  }
  kesher::modules::refresh_popularity(app);
  app.hub.set_presence_listener([&app](int64_t user_id, bool online) {
    app.workers.post(
        [&app, user_id, online] { kesher::modules::announce_presence(app, user_id, online); });
  });
  // Several nodes: the hubs' peers, shared counters (before any socket or request).
  std::unique_ptr<kesher::app::Cluster> cluster;
  if (!config.redis_url.empty()) {
    cluster = std::make_unique<kesher::app::Cluster>(app, config.redis_url, config.node_id);
    spdlog::info("cluster node {} (redis {})", cluster->node_id(), config.redis_url);
  }
  if (config.smtp_url.empty()) {
    app.mailer =
        kesher::mail::make_outbox_mailer(fs::path(config.data_dir) / "outbox", config.mail_from);
  } else {
    std::string smtp_error;
    app.mailer = kesher::net::make_smtp_mailer(config.smtp_url, config.mail_from, &smtp_error);
    if (!app.mailer) {
      spdlog::error("--smtp: {}", smtp_error);
      return 1;
    }
  }
  app.sandbox = std::make_unique<kesher::payments::SandboxProvider>(
      config.payment_webhook_secret.empty()
          ? kesher::media::load_or_create_secret(config.data_dir, "payments.key")
          : config.payment_webhook_secret);
  app.webhooks =
      std::make_unique<kesher::payments::WebhookSender>(kesher::net::make_http_poster(), app.now);
  // Made at the first start and kept: browsers subscribed with its public half.
  app.push = std::make_shared<kesher::push::PushSender>(
      kesher::net::make_push_client({.allow_loopback = config.push_allow_loopback}),
      kesher::push::load_or_create_vapid_key(config.data_dir), config.vapid_subject, app.now,
      [&app](const kesher::push::Delivery& delivery, const kesher::push::PushAnswer& answer) {
        kesher::modules::on_push_answer(app, delivery, answer);
      });
  if (config.push_allow_loopback) {
    spdlog::warn("--push-allow-loopback: pushes may go to this machine (tests only)");
  }
  auto files = kesher::net::StaticFiles::load(config.web_dir);
  if (!files.index()) spdlog::warn("no web client in {} (run `make web`)", config.web_dir);
  auto router = kesher::modules::make_router();
  auto console_router = kesher::console::make_console_router();
  auto http_router = kesher::modules::make_http_router();
  // Locks left from before a restart keep their personas online until they lapse.
  kesher::console::sync_persona_presence(app);
  kesher::net::Handlers handlers{
      .frame =
          [&app, &router](kesher::app::ConnectionState& socket, kesher::protocol::Prepared frame) {
            return router.dispatch(app, socket, std::move(frame));
          },
      .authenticate =
          [&app](kesher::app::ConnectionState& socket, const std::string& session_cookie) {
            kesher::modules::authenticate_socket(app, socket, session_cookie);
          },
      .console_frame =
          [&app, &console_router](kesher::app::ConnectionState& socket,
                                  kesher::protocol::Prepared frame) {
            return console_router.dispatch(app, socket, std::move(frame));
          },
      .console_authenticate =
          [&app](kesher::app::ConnectionState& socket, const std::string& staff_cookie) {
            kesher::console::authenticate_console_socket(app, socket, staff_cookie);
          },
      .http =
          [&app, &http_router](const kesher::protocol::HttpRequest& request) {
            return http_router.handle(app, request);
          },
      .lane =
          [&http_router](const kesher::protocol::HttpRequest& request) {
            return http_router.lane(request);
          },
      .admit =
          [&app, &http_router](kesher::protocol::HttpRequest& request) {
            return http_router.admit(app, request);
          },
      .body_limit =
          [&app, &http_router](std::string_view method, std::string_view path) {
            return http_router.body_limit(app, method, path);
          },
      .jobs = [&app] { kesher::modules::run_jobs(app); },
  };

  kesher::net::Server server(app, workers, router.modules(), console_router.modules(),
                             std::move(handlers), files);
  uint16_t port = server.listen(config.host, config.port);
  app.allowed_origins = allowed_origins(config, port);
  app.public_origin = app.allowed_origins.front();
  // The sandbox calls the webhook endpoint on loopback, the way a processor calls over the net.
  bool wildcard = config.host == "0.0.0.0" || config.host == "::" || config.host.empty();
  std::string webhook_host = wildcard ? "127.0.0.1" : config.host;
  if (webhook_host.find(':') != std::string::npos) webhook_host = "[" + webhook_host + "]";
  app.webhook_origin = "http://" + webhook_host + ":" + std::to_string(port);
  // Tests and scripts read this line to learn the port.
  std::printf("kesher listening on %s:%u (public origin %s)\n", config.host.c_str(), port,
              app.public_origin.c_str());
  std::fflush(stdout);
  spdlog::info("{} places, {} static files", app.places->size(), files.size());
  server.run();
  if (cluster) cluster->leave();
  spdlog::info("stopped");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  kesher::media::init_image_library(argv[0]);
  CLI::App cli{"Kesher: the dating-and-chat server"};
  Config config;
  add_server_options(cli, config);
  add_push_options(cli, config);
  bool dump_protocol = false;
  cli.add_flag("--dump-protocol", dump_protocol,
               "Print the protocol's contract as JSON (socket modules, error codes, page routes) "
               "and exit");
  std::string seed_dir;
  cli.add_option("--seed-demo", seed_dir,
                 "Add the demo personas from this folder (made by scripts/generate-personas.mjs), "
                 "or bring existing ones in line with it")
      ->envname("KESHER_SEED_DEMO");

  auto* seed = cli.add_subcommand("seed-demo", "Add or update the demo personas and exit");
  std::string personas_dir = "build/personas";
  seed->add_option("--personas", personas_dir, "Folder made by scripts/generate-personas.mjs")
      ->capture_default_str();

  auto* premium = cli.add_subcommand(
      "set-premium", "Give a member premium for ever (--premium 1) or end it (0), and exit");
  int64_t user_id = 0;
  int premium_flag = 1;
  premium->add_option("--user-id", user_id, "The member's id")->required();
  premium->add_option("--premium", premium_flag, "1 or 0")->check(CLI::Range(0, 1));

  auto* load = cli.add_subcommand(
      "seed-load", "Add members with sessions for the load generator (server/bench) and exit");
  kesher::app::LoadSeedOptions load_options{.credits = 10'000'000,
                                            .password = "load-bench-password"};
  load->add_option("--users", load_options.users, "How many members")
      ->required()
      ->check(CLI::Range(1, 1'000'000));
  load->add_option("--credits", load_options.credits, "Credits granted to each, through the ledger")
      ->capture_default_str();
  load->add_option("--password", load_options.password, "The password they all share")
      ->capture_default_str();
  load->add_option("--out", load_options.sessions_out, "File for the lines \"user_id session_id\"")
      ->required();

  auto* backup_command = cli.add_subcommand(
      "backup",
      "Copy the database to a file while the server runs (SQLite online backup) and exit");
  std::string backup_to;
  backup_command->add_option("--to", backup_to, "The copy's file (replaced when complete)")
      ->required();
  kesher::store::BackupOptions backup_options;
  backup_command
      ->add_option("--pages-per-step", backup_options.pages_per_step,
                   "Pages copied between pauses (smaller spreads the disk reads out)")
      ->check(CLI::Range(1, 1 << 20))
      ->capture_default_str();

  auto* staff = cli.add_subcommand("staff", "Manage staff of the console");
  staff->require_subcommand(1);
  auto* staff_add = staff->add_subcommand(
      "add",
      "Add a staff member; the password is read from standard input. An admin's TOTP secret "
      "is printed once");
  std::string staff_email, staff_role = "operator";
  staff_add->add_option("--email", staff_email, "Their email, the console login")->required();
  staff_add->add_option("--role", staff_role, "operator or admin")
      ->check(CLI::IsMember({"operator", "admin"}))
      ->capture_default_str();

  CLI11_PARSE(cli, argc, argv);
  spdlog::set_level(spdlog::level::from_str(config.log_level));
  if (dump_protocol) {
    std::printf("%s\n", kesher::app::protocol_dump(kesher::modules::make_router().modules(),
                                                   kesher::console::make_console_router().modules())
                            .c_str());
    return 0;
  }
  try {
    if (*seed) return seed_demo(config, personas_dir);
    if (*premium) return set_premium(config, user_id, premium_flag);
    if (*load) return seed_load(config, load_options);
    if (*backup_command) return backup(config, backup_to, backup_options);
    if (*staff_add) return add_staff(config, staff_email, staff_role);
    return serve(config, seed_dir);
  } catch (const std::exception& e) {
    spdlog::critical("{}", e.what());
    return 1;
  }
}
