#pragma once
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace kesher::net {

// Completion token for co_await: the result comes back as a tuple with the error code first
// instead of an exception (the network path works with error codes).
inline constexpr auto kNoThrow = boost::asio::as_tuple(boost::asio::use_awaitable);

}  // namespace kesher::net
