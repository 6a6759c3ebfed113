// The browser table (page.hpp).

#include "pokerengine/server/page.hpp"

namespace pokerengine::server {

std::string_view table_page() {
    static constexpr std::string_view page = R"PAGE(<!doctype html><title>pokerengine</title><p>pokerengine table server)PAGE";
    return page;
}

}  // namespace pokerengine::server
