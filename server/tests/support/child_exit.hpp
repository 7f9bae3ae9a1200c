#pragma once
// The tests' own background programs (kesher, PostgreSQL, Redis, HAProxy, the push service) must
// end with a test process that is killed outright (SIGKILL, a timeout). The kernel sends
// PR_SET_PDEATHSIG's signal when the thread that forked ends, not the process: only children
// started on the main thread, which lives as long as the process, can ask for it.
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace kesher::testing {

inline bool started_on_main_thread() {
  return ::gettid() == ::getpid();
}

// In the child, between fork and exec (async-signal-safe calls only), after any change of user
// (which clears the setting): `signal` when the test process ends.
inline void end_with_test_process(pid_t parent, int signal) {
  ::prctl(PR_SET_PDEATHSIG, signal);
  if (::getppid() != parent) ::_exit(126);  // the test was gone before the signal was set
}

}  // namespace kesher::testing
