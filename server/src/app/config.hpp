#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kesher::app {

struct Config {
  std::string host = "0.0.0.0";
  uint16_t port = 8080;  // 0 picks a free port (tests)
  std::string data_dir = "data";
  std::string web_dir = "web/dist";
  std::string places_path;    // TSV made by scripts/import-places.mjs; empty: data_dir/places.tsv
  std::string public_origin;  // e.g. https://kesher.example; empty: http://localhost:<port>
  std::string log_level = "info";
  int network_threads = 2;
  int worker_threads = 4;  // handlers; sends wait for their commit without holding one
  int64_t session_ttl_seconds = 30 * 24 * 3600;
  // Password hashing (argon2id) runs on its own small pool so that it can never starve socket
  // work; at most this many hashing requests wait for it before new ones answer server_busy.
  int password_threads = 1;
  // How the hashing and decoding threads step back for socket work: "idle" (SCHED_IDLE: only time
  // no other thread on the machine wants) or "nice" (10 nice values below the server's). "nice"
  // is for machines whose cores the server shares with other busy programs (browser tests,
  // a database), where SCHED_IDLE would starve sign-ups and uploads behind them.
  std::string background_priority = "idle";
  size_t max_queued_password_jobs = 64;
  int register_limit_per_ip = 20;  // new accounts per address per hour
  // Sockets one member may hold (tabs and devices), and one address (many members behind a NAT).
  size_t max_sockets_per_member = 10;
  size_t max_sockets_per_ip = 256;
  // Inbound frames a member may send per second across all of their sockets, after a burst;
  // guests get four times as much per address, since many visitors can share one behind a NAT.
  double member_frames_per_second = 30;
  double member_frame_burst = 60;
  int ws_idle_timeout_seconds = 45;  // the client pings every 10 s
  // A write to a socket that has not finished after this long closes it (a peer that stopped
  // reading but still sends a little, so that its queue never overflows).
  int ws_write_stall_seconds = 10;
  std::string smtp_url;  // smtp://user:pass@host:587 or smtps://…; empty: outbox files
  std::string mail_from = "Kesher <no-reply@kesher.local>";
  std::string sqlite_sync = "full";  // "full" (durable commits) or "normal" (see SqliteOptions)
  // Empty: SQLite in data_dir/kesher.db. A postgres:// URL: that PostgreSQL database
  // (docs/decisions/0015-postgres-client.md), with this many reader connections.
  std::string database_url;
  int database_pool = 4;
  // Several nodes (docs/architecture.md "Two shapes"): Redis at redis://host:port or unix:/path
  // carries events, presence and the shared counters between them; empty: one node on its own.
  // This node's name among them (default: host-pid-random).
  std::string redis_url;
  std::string node_id;
  // Peers that are our own proxies (canonical addresses): a request from one of them counts
  // against the client address it appended to X-Forwarded-For (protocol/forwarded.hpp).
  std::vector<std::string> trusted_proxies;
  // Sends waiting for a commit, server-wide, before new ones answer server_busy: about half a
  // second of the measured capacity (docs/performance.md).
  size_t max_queued_sends = 2048;
  // Uploads (docs/protocol.md, "POST /upload"): decoded on a pool of their own, bounded like the
  // password pool; the body and pixel limits are checked before any decoding.
  int media_threads = 1;
  size_t max_queued_uploads = 16;
  size_t max_upload_bytes = 15 * 1024 * 1024;
  int64_t max_upload_pixels = 40'000'000;
  // How long chat pictures can be opened after sending (spec §9), and how long a story lives.
  // Tests shorten them.
  int64_t chat_image_ttl_seconds = 3600;
  int64_t story_ttl_seconds = 24 * 3600;
  // The secret payment webhooks are signed with; empty: <data>/payments.key, made at first start.
  std::string payment_webhook_secret;
  // The staff console: a lock's lease, the locks an operator may hold, a staff sign-in's life.
  int64_t console_lease_seconds = 90;
  int64_t console_max_locks = 3;
  int64_t staff_session_ttl_seconds = 12 * 3600;
  // Tests only: a file holding seconds added to the clock, read at every tick of it, so that a
  // test can move the server's time forward (premium expiring, orders expiring).
  std::string clock_offset_file;
  // Tests only: draws the wheel's prizes from a generator seeded with this instead of the CSPRNG,
  // so that a run of spins can be repeated.
  std::optional<uint64_t> wheel_seed;
  // Web push (docs/decisions/0013-web-push.md): the contact push services see in every VAPID
  // token (RFC 8292 §2.1), and, for tests only, pushes to loopback over plain http too (the local
  // push service of the integration tests); without it such endpoints are refused like private
  // addresses.
  std::string vapid_subject = "mailto:push@kesher.local";
  bool push_allow_loopback = false;
};

}  // namespace kesher::app
