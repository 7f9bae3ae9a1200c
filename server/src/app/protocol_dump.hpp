#pragma once
#include <string>

#include "protocol/modules.hpp"

namespace kesher::app {

// The contract between server and client as JSON (`kesher --dump-protocol`): every socket module
// (of /ws, and of the console's /console/ws) with who may call it and where it runs, every error
// code, and the client's pages with their access. The web's contract test and the docs test
// compare their copies with it.
std::string protocol_dump(const protocol::ModuleTable& modules,
                          const protocol::ModuleTable& console_modules);

}  // namespace kesher::app
