// Pay tables: pay_table::parse, and the payouts of what it accepts.

#include "fuzz_support.hpp"
#include "pokerengine/video_poker.hpp"

using namespace pokerengine;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::expect_clean([&] {
        const pay_table table = pay_table::parse(fuzz::text_of(data, size), "fuzz");
        for (std::string_view key : pay_table::row_keys(table.game())) fuzz::require(!key.empty());
    });
    return 0;
}
