// The GDPR export's pure rules (domain/gdpr.hpp).
#include <gtest/gtest.h>

#include "domain/gdpr.hpp"

namespace kesher::domain::gdpr {
namespace {

TEST(GdprRules, ExportPathsNameOneFileInTheExportsFolderOnly) {
  EXPECT_EQ(export_path("12-abc_DEF"), "/api/account/export/12-abc_DEF.json");
  EXPECT_EQ(export_name_from_path("/api/account/export/12-abc_DEF.json"), "12-abc_DEF");
  for (const char* path :
       {"/api/account/export/.json", "/api/account/export/../x.json",
        "/api/account/export/a/b.json", "/api/account/export/a.jpg", "/api/account/export/a",
        "/media/u/a.json", "/api/account/export/a.b.json", "/api/account/export/%2e%2e.json"}) {
    EXPECT_FALSE(export_name_from_path(path)) << path;
  }
  EXPECT_FALSE(export_name_from_path("/api/account/export/" + std::string(65, 'a') + ".json"));
  EXPECT_TRUE(export_name_from_path("/api/account/export/" + std::string(64, 'a') + ".json"));
}

TEST(GdprRules, ProgressStaysBelowAHundredUntilEverythingIsDone) {
  EXPECT_EQ(progress_percent(0, 10), 0);
  EXPECT_EQ(progress_percent(1, 3), 33);
  EXPECT_EQ(progress_percent(999, 1000), 99);
  EXPECT_EQ(progress_percent(10, 10), 100);
  EXPECT_EQ(progress_percent(12, 10), 100);
  EXPECT_EQ(progress_percent(-1, 10), 0);
  EXPECT_EQ(progress_percent(0, 0), 0);
}

TEST(GdprRules, TheExportNamesFansAndVisitorsOnlyWhereTheAppDoes) {
  EXPECT_FALSE(export_names_fans_and_visitors(false));
  EXPECT_TRUE(export_names_fans_and_visitors(true));
}

}  // namespace
}  // namespace kesher::domain::gdpr
