#pragma once
// The browser table: one static HTML page (its CSS and script inside) that
// speaks the protocol of docs/server.md from the browser. No build step.

#include <string_view>

namespace pokerengine::server {

/// The page served at `/`.
std::string_view table_page();

}  // namespace pokerengine::server
