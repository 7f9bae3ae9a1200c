#pragma once
#include "app/context.hpp"

namespace kesher::modules {

// Background work, run about once a second on a worker thread: personas' due like-backs and,
// once a minute, the popularity ranking. Never throws.
void run_jobs(app::Context& app);

// Recomputes the popularity table from the last 7 days of likes.
void refresh_popularity(app::Context& app);

// Gives every user a grid cell from their place (rows written before cells existed).
void assign_missing_cells(app::Context& app);

}  // namespace kesher::modules
