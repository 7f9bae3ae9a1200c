#include "pg_cluster.hpp"

#include <fcntl.h>
#include <grp.h>
#include <libpq-fe.h>
#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "store/database.hpp"
#include "support/child_exit.hpp"
#include "support/files.hpp"

namespace kesher::testing {

namespace fs = std::filesystem;

namespace {

// The server binaries: KESHER_PG_BIN, else the newest /usr/lib/postgresql/<version>/bin.
std::string find_binaries() {
  if (const char* bin = std::getenv("KESHER_PG_BIN"); bin && *bin) return bin;
  std::string best;
  int best_version = 0;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator("/usr/lib/postgresql", error)) {
    int version = std::atoi(entry.path().filename().c_str());
    if (version > best_version && fs::exists(entry.path() / "bin" / "initdb")) {
      best_version = version;
      best = (entry.path() / "bin").string();
    }
  }
  if (best.empty()) {
    throw std::runtime_error(
        "no PostgreSQL server binaries in /usr/lib/postgresql (run scripts/bootstrap, which "
        "installs Debian's postgresql package)");
  }
  return best;
}

// initdb refuses to run as root, and the server must not either: as root, the cluster's
// programs run as `nobody`, which then owns the folder.
struct ClusterUser {
  bool switch_user = false;
  uid_t uid = 0;
  gid_t gid = 0;
};

ClusterUser cluster_user() {
  ClusterUser user;
  if (::geteuid() != 0) return user;
  const passwd* nobody = ::getpwnam("nobody");
  if (!nobody) throw std::runtime_error("running as root, and there is no user nobody");
  user.switch_user = true;
  user.uid = nobody->pw_uid;
  user.gid = nobody->pw_gid;
  return user;
}

// Starts a program of the cluster as its user, output to `log`; its pid. With `end_with_us`, the
// kernel sends it SIGQUIT (PostgreSQL's immediate shutdown) when this thread ends: only for a
// program started on the main thread, which lives as long as the test process.
pid_t start(const ClusterUser& user, const std::vector<std::string>& args,
            const std::string& folder, const std::string& log, bool end_with_us) {
  // Everything the child needs is made before fork: the test process may have threads, and only
  // async-signal-safe calls are allowed between fork and exec.
  std::vector<char*> argv;
  for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  const pid_t parent = ::getpid();
  pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    int out = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    int in = ::open("/dev/null", O_RDONLY);
    if (out < 0 || in < 0) ::_exit(126);
    ::dup2(in, STDIN_FILENO);
    ::dup2(out, STDOUT_FILENO);
    ::dup2(out, STDERR_FILENO);
    // Nothing of the test process (its pipes to ctest, to the servers) reaches the server.
    ::close_range(3, ~0U, 0);
    if (user.switch_user &&
        (::setgroups(0, nullptr) != 0 || ::setgid(user.gid) != 0 || ::setuid(user.uid) != 0)) {
      ::_exit(125);
    }
    // After the change of user, which clears the setting.
    if (end_with_us) end_with_test_process(parent, SIGQUIT);
    if (::chdir(folder.c_str()) != 0) ::_exit(124);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  return pid;
}

int wait_for(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Runs a program of the cluster to its end; its exit status.
int run(const ClusterUser& user, const std::vector<std::string>& args, const std::string& folder,
        const std::string& log) {
  return wait_for(start(user, args, folder, log, false));
}

}  // namespace

PostgresCluster::PostgresCluster() : bin_(find_binaries()) {
  std::string pattern = (fs::temp_directory_path() / "kesher-pg-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  folder_ = pattern;
  ClusterUser user = cluster_user();
  if (user.switch_user && ::chown(folder_.c_str(), user.uid, user.gid) != 0) {
    fs::remove_all(folder_);
    throw std::runtime_error("cannot give " + folder_ + " to nobody");
  }
  std::string data = folder_ + "/data";
  std::string log = folder_ + "/setup.log";  // ours, opened before the switch to nobody
  std::string server_log = folder_ + "/server.log";
  if (run(user,
          {bin_ + "/initdb", "-D", data, "-U", "kesher", "--auth=trust", "--encoding=UTF8",
           "--locale=C", "--no-sync"},
          folder_, log) != 0) {
    std::string output = read_file(log);
    fs::remove_all(folder_);
    throw std::runtime_error("could not make a PostgreSQL cluster:\n" + output);
  }
  // The postmaster itself, not pg_ctl, which would detach it: a test process killed outright
  // takes its cluster with it. fsync off: a test database that a crash may lose; it keeps the
  // tests off the disk that the machine's other work (and its measurements) use.
  const bool end_with_us = started_on_main_thread();
  server_ = start(user,
                  {bin_ + "/postgres", "-D", data, "-c", "listen_addresses=", "-c",
                   "unix_socket_directories=" + folder_, "-c", "fsync=off", "-c",
                   "full_page_writes=off", "-c", "max_connections=300"},
                  folder_, server_log, end_with_us);
  const std::string ready = url("postgres");
  for (int waited_ms = 0; PQping(ready.c_str()) != PQPING_OK; waited_ms += 20) {
    int status = 0;
    if (waited_ms >= 60'000 || ::waitpid(server_, &status, WNOHANG) == server_) {
      stop_server();
      std::string output = read_file(log) + read_file(server_log);
      fs::remove_all(folder_);
      throw std::runtime_error("could not start a PostgreSQL cluster:\n" + output);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

void PostgresCluster::stop_server() {
  if (server_ <= 0) return;
  // SIGQUIT: immediate shutdown; nothing in a throwaway cluster needs a clean one.
  ::kill(server_, SIGQUIT);
  wait_for(server_);
  server_ = -1;
}

PostgresCluster::~PostgresCluster() {
  stop_server();
  std::error_code ignored;
  fs::remove_all(folder_, ignored);
}

std::string PostgresCluster::url(const std::string& database) const {
  return "postgres:///" + database + "?host=" + folder_ + "&user=kesher";
}

void PostgresCluster::admin(const std::string& sql) {
  PGconn* conn = PQconnectdb(url("postgres").c_str());
  std::string error;
  if (PQstatus(conn) != CONNECTION_OK) {
    error = PQerrorMessage(conn);
  } else {
    PGresult* result = PQexec(conn, sql.c_str());
    if (PQresultStatus(result) != PGRES_COMMAND_OK) error = PQresultErrorMessage(result);
    PQclear(result);
  }
  PQfinish(conn);
  if (!error.empty()) throw std::runtime_error(sql + ": " + error);
}

std::string PostgresCluster::create_empty_database() {
  std::lock_guard lock(mutex_);
  std::string name = "kesher_" + std::to_string(++next_database_);
  admin("CREATE DATABASE " + name);
  return url(name);
}

std::string PostgresCluster::create_database() {
  std::lock_guard lock(mutex_);
  if (!template_ready_) {
    admin("CREATE DATABASE kesher_template");
    store::open_postgres({url("kesher_template"), 1, {}});  // migrates, then disconnects
    template_ready_ = true;
  }
  std::string name = "kesher_" + std::to_string(++next_database_);
  admin("CREATE DATABASE " + name + " TEMPLATE kesher_template");
  return url(name);
}

PostgresCluster& shared_postgres_cluster() {
  static std::mutex mutex;
  static std::unique_ptr<PostgresCluster> cluster;
  std::lock_guard lock(mutex);
  if (!cluster) cluster = std::make_unique<PostgresCluster>();
  return *cluster;
}

bool testing_postgres() {
  const char* choice = std::getenv("KESHER_TEST_DATABASE");
  return choice && std::string(choice) == "postgres";
}

}  // namespace kesher::testing
