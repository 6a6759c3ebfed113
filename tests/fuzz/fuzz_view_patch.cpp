// A view's patch (wire.hpp): the input is two JSON documents, one per line.
// The patch written from the first to the second is JSON, and applied to the
// first gives the second; the second applied as a patch to the first is
// applied or refused with `std::invalid_argument`, never another error.

#include <string>

#include "fuzz_support.hpp"
#include "pokerengine/server/wire.hpp"

using namespace pokerengine::server;

namespace {

// Equal as JSON values: members in any order.
bool same(const json& a, const json& b) { return nlohmann::json::parse(a.dump()) == nlohmann::json::parse(b.dump()); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::text_of(data, size);
    const std::size_t cut = text.find('\n');
    if (cut == std::string_view::npos) return 0;
    const json before = json::parse(text.substr(0, cut), nullptr, false);
    const json after = json::parse(text.substr(cut + 1), nullptr, false);
    if (before.is_discarded() || after.is_discarded()) return 0;
    const json patch = json::parse(view_patch_text(before, after), nullptr, false);
    fuzz::require(!patch.is_discarded() && patch.is_array());
    fuzz::require(same(apply_view_patch(before, patch), after));
    fuzz::require(same(before.patch(patch), after));  // nlohmann's own application agrees
    fuzz::expect_clean([&] { (void)apply_view_patch(before, after); });
    return 0;
}
