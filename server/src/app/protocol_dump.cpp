#include "app/protocol_dump.hpp"

#include <boost/json.hpp>

#include "domain/profile_extras.hpp"
#include "domain/routes.hpp"
#include "protocol/errors.hpp"

namespace kesher::app {

namespace json = boost::json;

namespace {

std::string_view access_name(protocol::Access access) {
  switch (access) {
    case protocol::Access::guest:
      return "guest";
    case protocol::Access::member:
      return "member";
    case protocol::Access::staff:
      return "staff";
    case protocol::Access::admin:
      return "admin";
  }
  return "member";
}

std::string_view runs_name(protocol::Runs runs) {
  return runs == protocol::Runs::on_network ? "network" : "worker";
}

json::array module_list(const protocol::ModuleTable& modules) {
  json::array list;
  for (const protocol::Module* module : modules.modules()) {
    list.push_back(json::object{{"name", module->name},
                                {"access", access_name(module->access)},
                                {"runs", runs_name(module->runs)}});
  }
  return list;
}

std::string_view access_name(domain::RouteAccess access) {
  switch (access) {
    case domain::RouteAccess::protected_page:
      return "protected";
    case domain::RouteAccess::guest_only:
      return "guest_only";
    case domain::RouteAccess::open_page:
      return "open";
    case domain::RouteAccess::unknown:
      break;
  }
  return "unknown";
}

std::string_view parameter_name(domain::RouteParameter parameter) {
  switch (parameter) {
    case domain::RouteParameter::none:
      break;
    case domain::RouteParameter::optional:
      return "optional";
    case domain::RouteParameter::required:
      return "required";
  }
  return "none";
}

std::string_view kind_name(domain::extras::Kind kind) {
  switch (kind) {
    case domain::extras::Kind::single:
      return "single";
    case domain::extras::Kind::multi:
      return "multi";
    case domain::extras::Kind::number:
      return "number";
  }
  return "single";
}

// The profile extras' catalogue (docs/protocol.md "Profile extras"), for the client's copy.
json::array extras_list() {
  json::array list;
  for (const auto& field : domain::extras::catalogue()) {
    json::array options;
    for (auto option : field.options) options.emplace_back(option);
    list.push_back(json::object{{"id", field.id},
                                {"kind", kind_name(field.kind)},
                                {"options", std::move(options)},
                                {"min", field.min},
                                {"max", field.max}});
  }
  return list;
}

}  // namespace

std::string protocol_dump(const protocol::ModuleTable& modules,
                          const protocol::ModuleTable& console_modules) {
  json::array codes;
  for (const auto& entry : errc::catalogue) {
    codes.push_back(json::object{{"code", entry.code}, {"meaning", entry.meaning}});
  }
  json::array pages;
  for (const auto& page : domain::page_routes()) {
    pages.push_back(json::object{{"path", page.path},
                                 {"access", access_name(page.access)},
                                 {"parameter", parameter_name(page.parameter)}});
  }
  return json::serialize(json::object{
      {"modules", module_list(modules)},
      {"console_modules", module_list(console_modules)},
      {"error_codes", std::move(codes)},
      {"page_routes", std::move(pages)},
      {"profile_extras", extras_list()},
  });
}

}  // namespace kesher::app
