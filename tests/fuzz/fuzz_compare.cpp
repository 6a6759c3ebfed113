// Batch `compare` input: the CLI's line reader (tools/poker_batch.hpp) on the
// input as a file, under the rules the first byte picks.

#include <cstdio>

#include "fuzz_support.hpp"
#include "batch.hpp"
#include "pokerengine/rules.hpp"

using namespace pokerengine;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static std::FILE* sink = std::fopen("/dev/null", "w");
    if (size < 2 || !sink) return 0;
    const std::string_view name = rules::names[data[0] % rules::names.size()];
    wild_options options;
    if (data[0] & 0x80) options.cards = parse_wild_cards("2,jokers");
    rules r = rules::parse("high");
    try {
        r = rules::parse(name, options);
    } catch (const std::invalid_argument&) {
        r = rules::parse(name);
    }
    std::FILE* in = fmemopen(const_cast<std::uint8_t*>(data + 1), size - 1, "r");
    if (!in) return 0;
    r.visit([&](const auto& ev) {
        poker_cli::batch_comparer<std::decay_t<decltype(ev)>> compare{ev};
        (void)compare.run(in, sink, sink);
    });
    std::fclose(in);
    return 0;
}
