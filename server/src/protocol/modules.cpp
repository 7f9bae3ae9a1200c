#include "protocol/modules.hpp"

#include <algorithm>

namespace kesher::protocol {

size_t ModuleTable::add(std::string name, Access access, Runs runs) {
  auto [it, added] = modules_.try_emplace(name, Module{name, access, runs, modules_.size()});
  if (!added) {
    it->second.access = access;
    it->second.runs = runs;
  }
  return it->second.index;
}

Prepared ModuleTable::prepare(std::string_view frame) const {
  Prepared prepared{decode_envelope(frame)};
  if (auto* envelope = std::get_if<Envelope>(&prepared.decoded)) {
    auto module = modules_.find(envelope->module);
    if (module != modules_.end()) prepared.module = &module->second;
  }
  return prepared;
}

std::vector<const Module*> ModuleTable::modules() const {
  std::vector<const Module*> sorted;
  sorted.reserve(modules_.size());
  for (const auto& [name, module] : modules_) sorted.push_back(&module);
  std::sort(sorted.begin(), sorted.end(),
            [](const Module* a, const Module* b) { return a->name < b->name; });
  return sorted;
}

std::string refusal(const Prepared& prepared, std::string_view error_code) {
  json::object reply = reply_error(error_code);
  if (const auto* envelope = std::get_if<Envelope>(&prepared.decoded)) {
    reply["module"] = envelope->module;
    if (!envelope->rid.empty()) reply["rid"] = envelope->rid;
  } else {
    reply["module"] = "error";
  }
  return serialize(reply);
}

std::string decode_failure_reply(const DecodeFailure& failure) {
  json::object reply = reply_error(failure.error_code);
  reply["module"] = "error";
  return serialize(reply);
}

}  // namespace kesher::protocol
