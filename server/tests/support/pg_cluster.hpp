#pragma once
// A throwaway PostgreSQL for the tests (issue 15): initdb and postgres from Debian's `postgresql`
// package in a temporary folder, listening only on a Unix socket in that folder (no TCP, no
// system service, no root database), removed when the test process ends.
#include <memory>
#include <mutex>
#include <string>

namespace kesher::testing {

class PostgresCluster {
 public:
  // Starts a cluster; throws std::runtime_error (with initdb's or the server's log) when it
  // cannot. As root, the cluster runs as `nobody`, since initdb refuses to run as root.
  PostgresCluster();
  ~PostgresCluster();
  PostgresCluster(const PostgresCluster&) = delete;
  PostgresCluster& operator=(const PostgresCluster&) = delete;

  // A new, empty database; its postgres:// URL.
  std::string create_empty_database();
  // A new database with every migration applied, copied from a template migrated once; its URL.
  std::string create_database();
  const std::string& folder() const { return folder_; }

 private:
  std::string url(const std::string& database) const;
  void admin(const std::string& sql);
  void stop_server();

  std::mutex mutex_;
  std::string folder_;
  std::string bin_;
  int server_ = -1;  // the postmaster's pid
  int next_database_ = 0;
  bool template_ready_ = false;
};

// The one cluster of this test process, started at first use and stopped at exit.
PostgresCluster& shared_postgres_cluster();

// Whether the tests should run against PostgreSQL (KESHER_TEST_DATABASE=postgres).
bool testing_postgres();

}  // namespace kesher::testing
