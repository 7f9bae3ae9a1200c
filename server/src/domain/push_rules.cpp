#include "domain/push_rules.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

namespace kesher::domain::push {

std::string_view kind_name(Kind kind) {
  switch (kind) {
    case Kind::message:
      return "message";
    case Kind::match:
      return "match";
    case Kind::like:
      return "like";
    case Kind::confirm:
      return "confirm";
  }
  return "confirm";
}

std::string_view title_text(Language language) {
  return language == Language::he ? "קשר" : "Kesher";
}

std::string_view body_text(Kind kind, Language language) {
  switch (kind) {
    case Kind::message:
      switch (language) {
        case Language::he:
          return "יש לך הודעה חדשה";
        case Language::en:
          return "You have a new message";
        case Language::de:
          return "Du hast eine neue Nachricht";
      }
      break;
    case Kind::match:
      switch (language) {
        case Language::he:
          return "יש לך התאמה חדשה!";
        case Language::en:
          return "You have a new match!";
        case Language::de:
          return "Du hast ein neues Match!";
      }
      break;
    case Kind::like:
      switch (language) {
        case Language::he:
          return "מישהו עשה לך לייק";
        case Language::en:
          return "Someone likes you";
        case Language::de:
          return "Jemand mag dich";
      }
      break;
    case Kind::confirm:
      switch (language) {
        case Language::he:
          return "ההתראות פועלות. נודיע לך כשיהיה משהו חדש.";
        case Language::en:
          return "Notifications are on. We'll let you know when something new happens.";
        case Language::de:
          return "Benachrichtigungen sind an. Wir sagen dir Bescheid, wenn es etwas Neues gibt.";
      }
      break;
  }
  return "";
}

std::string url_of(const Notification& notification) {
  switch (notification.kind) {
    case Kind::message:
      return "/chat/" + std::to_string(notification.other_id);
    case Kind::match:
      return "/match";
    case Kind::like:
      return "/likesme";
    case Kind::confirm:
      return "/explore";
  }
  return "/explore";
}

std::string tag_of(const Notification& notification, int64_t receiver_id) {
  std::string tag(kind_name(notification.kind));
  switch (notification.kind) {
    case Kind::message:
    case Kind::match:
      return tag + ":" + std::to_string(notification.other_id);
    case Kind::like:
      return tag + ":" + std::to_string(receiver_id);
    case Kind::confirm:
      return tag + ":confirm";
  }
  return tag;
}

std::string payload_json(const Notification& notification, int64_t receiver_id, Language language) {
  return boost::json::serialize(
      boost::json::object{{"kind", kind_name(notification.kind)},
                          {"title", title_text(language)},
                          {"body", body_text(notification.kind, language)},
                          {"url", url_of(notification)},
                          {"tag", tag_of(notification, receiver_id)},
                          {"lang", language_code(language)},
                          {"dir", language == Language::he ? "rtl" : "ltr"}});
}

int64_t ttl_seconds(Kind kind) {
  switch (kind) {
    case Kind::message:
    case Kind::match:
      return 24 * 3600;  // still worth telling tomorrow morning
    case Kind::like:
      return 12 * 3600;
    case Kind::confirm:
      return 10 * 60;  // only useful while the member is looking at the prompt
  }
  return 3600;
}

std::string_view urgency(Kind kind) {
  switch (kind) {
    case Kind::message:
      return "high";
    case Kind::match:
    case Kind::confirm:
      return "normal";
    case Kind::like:
      return "low";
  }
  return "normal";
}

std::string_view describe(AddressClass address_class) {
  switch (address_class) {
    case AddressClass::public_unicast:
      return "public";
    case AddressClass::loopback:
      return "loopback";
    case AddressClass::private_network:
      return "private";
    case AddressClass::link_local:
      return "link-local";
    case AddressClass::unspecified:
      return "unspecified";
    case AddressClass::multicast:
      return "multicast";
    case AddressClass::reserved:
      return "reserved";
  }
  return "reserved";
}

namespace {

using Bytes = const unsigned char*;

AddressClass classify_v4(Bytes a) {
  if (a[0] == 0)
    return a[1] == 0 && a[2] == 0 && a[3] == 0 ? AddressClass::unspecified : AddressClass::reserved;
  if (a[0] == 127) return AddressClass::loopback;
  if (a[0] == 10) return AddressClass::private_network;
  if (a[0] == 172 && (a[1] & 0xF0) == 16) return AddressClass::private_network;
  if (a[0] == 192 && a[1] == 168) return AddressClass::private_network;
  if (a[0] == 100 && (a[1] & 0xC0) == 64) return AddressClass::private_network;  // 100.64/10
  if (a[0] == 169 && a[1] == 254) return AddressClass::link_local;
  if (a[0] >= 224 && a[0] <= 239) return AddressClass::multicast;
  if (a[0] >= 240) return AddressClass::reserved;  // future use and 255.255.255.255
  if (a[0] == 192 && a[1] == 0 && (a[2] == 0 || a[2] == 2)) return AddressClass::reserved;
  if (a[0] == 198 && (a[1] & 0xFE) == 18) return AddressClass::reserved;  // benchmarking
  if (a[0] == 198 && a[1] == 51 && a[2] == 100) return AddressClass::reserved;
  if (a[0] == 203 && a[1] == 0 && a[2] == 113) return AddressClass::reserved;
  return AddressClass::public_unicast;
}

bool all_zero(Bytes a, size_t from, size_t to) {
  for (size_t i = from; i < to; ++i) {
    if (a[i] != 0) return false;
  }
  return true;
}

AddressClass classify_v6(Bytes a) {
  if (all_zero(a, 0, 15)) {
    if (a[15] == 0) return AddressClass::unspecified;
    if (a[15] == 1) return AddressClass::loopback;
  }
  // ::ffff:a.b.c.d (IPv4-mapped) reaches the IPv4 address on a dual-stack socket.
  if (all_zero(a, 0, 10) && a[10] == 0xFF && a[11] == 0xFF) return classify_v4(a + 12);
  // 64:ff9b::/96 (NAT64) reaches it through a translator.
  static constexpr std::array<unsigned char, 12> kNat64 = {0, 0x64, 0xFF, 0x9B, 0, 0,
                                                           0, 0,    0,    0,    0, 0};
  if (std::equal(kNat64.begin(), kNat64.end(), a)) return classify_v4(a + 12);
  if (a[0] == 0xFF) return AddressClass::multicast;
  if (a[0] == 0xFE && (a[1] & 0xC0) == 0x80) return AddressClass::link_local;       // fe80::/10
  if (a[0] == 0xFE && (a[1] & 0xC0) == 0xC0) return AddressClass::private_network;  // site-local
  if ((a[0] & 0xFE) == 0xFC) return AddressClass::private_network;                  // fc00::/7
  if (a[0] == 0x20 && a[1] == 0x01 && a[2] == 0x0D && a[3] == 0xB8) {
    return AddressClass::reserved;  // 2001:db8::/32, documentation
  }
  if ((a[0] & 0xE0) != 0x20) return AddressClass::reserved;  // outside 2000::/3
  return AddressClass::public_unicast;
}

}  // namespace

AddressClass classify_address(std::string_view bytes) {
  auto data = reinterpret_cast<Bytes>(bytes.data());
  if (bytes.size() == 4) return classify_v4(data);
  if (bytes.size() == 16) return classify_v6(data);
  return AddressClass::reserved;
}

std::optional<AddressClass> classify_address_text(std::string_view text) {
  std::string address(text);
  std::array<unsigned char, 16> bytes{};
  if (inet_pton(AF_INET, address.c_str(), bytes.data()) == 1) {
    return classify_v4(bytes.data());
  }
  if (inet_pton(AF_INET6, address.c_str(), bytes.data()) == 1) {
    return classify_v6(bytes.data());
  }
  return std::nullopt;
}

bool may_push_to(AddressClass address_class, bool allow_loopback) {
  return address_class == AddressClass::public_unicast ||
         (allow_loopback && address_class == AddressClass::loopback);
}

}  // namespace kesher::domain::push
