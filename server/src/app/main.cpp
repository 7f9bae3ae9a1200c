// kesher: the Kesher server. `kesher --help` lists the options.
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "app/context.hpp"
#include "domain/crypto.hpp"
#include "mail/mailer.hpp"
#include "modules/registry.hpp"
#include "net/server.hpp"
#include "net/smtp_mailer.hpp"
#include "net/static_files.hpp"

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
  cli.add_option("--network-threads", config.network_threads, "Threads serving sockets")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cli.add_option("--worker-threads", config.worker_threads, "Threads for database work")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
}

std::vector<std::string> allowed_origins(const Config& config, uint16_t port) {
  if (!config.public_origin.empty()) return {config.public_origin};
  std::string suffix = ":" + std::to_string(port);
  return {"http://localhost" + suffix, "http://127.0.0.1" + suffix};
}

int serve(Config config) {
  namespace fs = std::filesystem;
  kesher::domain::crypto_init();
  fs::create_directories(config.data_dir);
  kesher::app::Context app;
  app.config = config;
  app.now = [] {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  };
  app.db = kesher::store::open_sqlite({(fs::path(config.data_dir) / "kesher.db").string()});
  std::string places_path = config.places_path.empty()
                                ? (fs::path(config.data_dir) / "places.tsv").string()
                                : config.places_path;
  std::string places_error;
  auto places = kesher::domain::PlaceIndex::load_tsv(places_path, &places_error);
  if (!places) {
    spdlog::error("cannot load places from {}: {} (run `make places`)", places_path, places_error);
    return 1;
  }
  app.places = std::make_unique<kesher::domain::PlaceIndex>(std::move(*places));
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
  auto files = kesher::net::StaticFiles::load(config.web_dir);
  if (!files.index()) spdlog::warn("no web client in {} (run `make web`)", config.web_dir);
  auto router = kesher::modules::make_router();

  kesher::net::Server server(app, router, files);
  uint16_t port = server.listen(config.host, config.port);
  app.allowed_origins = allowed_origins(config, port);
  app.public_origin = app.allowed_origins.front();
  // Tests and scripts read this line to learn the port.
  std::printf("kesher listening on %s:%u (public origin %s)\n", config.host.c_str(), port,
              app.public_origin.c_str());
  std::fflush(stdout);
  spdlog::info("{} places, {} static files", app.places->size(), files.size());
  server.run();
  spdlog::info("stopped");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"Kesher: the dating-and-chat server"};
  Config config;
  add_server_options(cli, config);
  CLI11_PARSE(cli, argc, argv);
  spdlog::set_level(spdlog::level::from_str(config.log_level));
  try {
    return serve(config);
  } catch (const std::exception& e) {
    spdlog::critical("{}", e.what());
    return 1;
  }
}
