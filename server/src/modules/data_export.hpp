#pragma once
#include <boost/json/object.hpp>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "app/context.hpp"
#include "modules/http_routes.hpp"
#include "store/gdpr.hpp"

// The GDPR export and erasure shared by the member's modules (privacy_module.cpp) and the
// admins' (console/admin_privacy.cpp): docs/protocol.md "Your data (GDPR)".
namespace kesher::modules {

// Everything Kesher holds about the member, as one JSON document; nullopt when `user_id` is not a
// live member. `progress` hears whole percents as the work goes on. Blocking: worker threads only;
// messages are read a page at a time, so the database is never held for the whole export.
std::optional<boost::json::object> build_export(app::Context& app, int64_t user_id, int64_t now,
                                                const std::function<void(int)>& progress = {});

// One export at a time per member, prepared on the worker pool.
struct ExportStatus {
  std::string status;  // "running" or "ready"
  int percent = 0;
  std::string link;  // when ready: signed for the member, for kExportLinkSeconds
  int64_t expires_at = 0;
};
// Starts the member's export unless one is running: the running one's status then.
ExportStatus start_export(app::Context& app, int64_t user_id);

std::filesystem::path exports_dir(const std::filesystem::path& data_dir);

// After the erasure's transaction: deletes the member's upload and export files, then closes their
// sockets (4001) and tells the staff console what it lost (console::on_member_erased). Blocking:
// worker threads only.
void finish_erasure(app::Context& app, int64_t user_id, const store::gdpr::Erasure& erasure);

// Deletes exports older than their links live (the background jobs, once a minute).
void remove_expired_exports(app::Context& app);

// GET /api/account/export/{name}.json?exp=…&sig=…
void register_export_routes(HttpRouter& router);

}  // namespace kesher::modules
