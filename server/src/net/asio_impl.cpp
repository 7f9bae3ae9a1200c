// Asio and Beast are compiled once here (BOOST_*_SEPARATE_COMPILATION), which keeps every other
// translation unit free of their implementation and the build fast on two cores.
#include <boost/asio/impl/src.hpp>
#include <boost/asio/ssl/impl/src.hpp>
#include <boost/beast/src.hpp>
