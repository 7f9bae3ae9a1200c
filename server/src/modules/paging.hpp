#pragma once
#include <boost/json/object.hpp>
#include <cstdint>
#include <variant>

#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"

namespace kesher::modules {

struct Page {
  int64_t offset = 0;
  int64_t take = 0;
};

// currentLength / recordsToTake (recordsToTake from 1 to max_take), or the error reply.
inline std::variant<Page, boost::json::object> read_page(protocol::Fields& fields,
                                                         int64_t default_take, int64_t max_take) {
  Page page{fields.integer("currentLength").value_or(0),
            fields.integer("recordsToTake").value_or(default_take)};
  if (fields.failed()) return fields.error_reply();
  if (page.offset < 0) return protocol::reply_error(errc::invalid_value, "currentLength");
  if (page.take < 1 || page.take > max_take) {
    return protocol::reply_error(errc::invalid_value, "recordsToTake");
  }
  return page;
}

}  // namespace kesher::modules
